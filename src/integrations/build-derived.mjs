// Values the build computes from its settings, for site code: the module `virtual:build-derived`,
// typed in src/build-derived.d.ts. The variables themselves reach site code through astro:env; these
// are not variables (a salted derivation made by the build, admin/config.yml's backend), which
// astro:env cannot carry (docs/decisions/0016-settings-through-astro-env.md).

export const BUILD_DERIVED_MODULE = 'virtual:build-derived';
const RESOLVED = `\0${BUILD_DERIVED_MODULE}`;

/**
 * @typedef {{ passwordHash: string, salt: string, iterations: number, development: boolean }} AdminPassword
 * @typedef {{ adminPassword?: AdminPassword, publishTarget?: Record<string, string>, hostBuildsEachChange?: boolean }} BuildDerived
 */

/**
 * The module's source. Only what is listed here is written: the admin password's derivation never
 * carries ADMIN_PASSWORD_SHA256 or anything else a caller might have added to the object.
 * @param {BuildDerived} values
 */
export function buildDerivedSource({ adminPassword, publishTarget, hostBuildsEachChange }) {
  const password = adminPassword && {
    passwordHash: adminPassword.passwordHash,
    salt: adminPassword.salt,
    iterations: adminPassword.iterations,
    development: adminPassword.development,
  };
  return [
    `export const adminPassword = ${JSON.stringify(password) ?? 'undefined'};`,
    `export const publishTarget = ${JSON.stringify(publishTarget) ?? 'undefined'};`,
    `export const hostBuildsEachChange = ${hostBuildsEachChange === true};`,
    '',
  ].join('\n');
}

/**
 * The Vite plugin that serves the module, in the build and in the unit tests (which give it no
 * values: site code then takes its development fallbacks).
 * @param {BuildDerived} values
 * @returns {import('vite').Plugin}
 */
export function buildDerivedPlugin(values) {
  const source = buildDerivedSource(values);
  return {
    name: 'build-derived',
    resolveId: (id) => (id === BUILD_DERIVED_MODULE ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? source : undefined),
  };
}

/**
 * @param {BuildDerived} values
 * @returns {import('astro').AstroIntegration}
 */
export function buildDerived(values) {
  return {
    name: 'build-derived',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [buildDerivedPlugin(values)] } });
      },
    },
  };
}
