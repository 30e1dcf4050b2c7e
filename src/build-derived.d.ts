// The values the build computes from its settings (src/integrations/build-derived.mjs). Undefined
// only where no build made them (the unit tests): site code falls back to the development values.
declare module 'virtual:build-derived' {
  /**
   * The admin password as the sign-in may know it: PBKDF2-SHA-256 of ADMIN_PASSWORD_SHA256 with the
   * site's salt (tools/build-env.mjs shippedAdminAccount, decision 0055); never the SHA-256 itself.
   */
  export interface AdminPassword {
    /** Lower-case hex PBKDF2-SHA-256 of the password's hex SHA-256, with `salt` and `iterations`. */
    passwordHash: string;
    /** Hex, made by the build. */
    salt: string;
    iterations: number;
    /** True when the build used the documented development account. */
    development: boolean;
  }

  /** admin/config.yml's backend as the build read it (src/lib/config/publish-target.mjs). */
  export interface PublishTarget {
    name: string;
    repo: string;
    branch: string;
    apiRoot: string;
    baseUrl: string;
    authEndpoint: string;
    siteDomain: string;
    /** decap-server's API address ('' when `local_backend` is off). */
    localBackendUrl: string;
  }

  export const adminPassword: AdminPassword | undefined;
  export const publishTarget: PublishTarget | undefined;
  /**
   * True when the build ran on a host that builds and deploys each change pushed to the repository
   * (tools/build-env.mjs hostBuildsEachChange); false on the practice's own server and in tests.
   */
  export const hostBuildsEachChange: boolean;
}
