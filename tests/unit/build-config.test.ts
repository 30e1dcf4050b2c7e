// How build settings reach site code (docs/configuration.md): the schema astro:env gets, the checked
// values put back for it to read, and the module of values the build derives from them.
import { describe, expect, it, vi } from 'vitest';
import { buildEnvironment, envSchema, shippedAdminAccount } from '../../tools/build-env.mjs';
import { buildDerivedSource } from '../../src/integrations/build-derived.mjs';
import { DEV_ADMIN, FORM_ROUTES } from '@/lib/config/shared.mjs';
import { endpoints } from '@/lib/endpoints';

const SHA256 = '6cdbfe087472213f048b7ac2b516c9eeb5d827ba821398a064c0dfa0c712cfde';

/** The module's exports, as site code would import them. */
async function load(source: string): Promise<Record<string, unknown>> {
  return import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`);
}

function quietly<T>(run: () => T): T {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    return run();
  } finally {
    warn.mockRestore();
  }
}

describe('the astro:env schema', () => {
  it('declares every build variable under its documented name', () => {
    expect(Object.keys(envSchema).sort()).toEqual([
      'ADMIN_PASSWORD_SHA256',
      'ADMIN_USERNAME',
      'CMS_ORIGIN',
      'PUBLIC_CONFIRMATION_ENDPOINT',
      'PUBLIC_CONTACT_ENDPOINT',
      'PUBLIC_REGISTRATION_ENDPOINT',
      'SITE_URL',
    ]);
  });

  it('keeps the password hash a server secret and the mail settings out of the build', () => {
    expect(envSchema.ADMIN_PASSWORD_SHA256).toMatchObject({ context: 'server', access: 'secret' });
    const client = Object.entries(envSchema).filter(([, field]) => field.context === 'client');
    for (const [, field] of client) expect(field.access).toBe('public');
    expect(client.map(([name]) => name)).not.toContain('ADMIN_PASSWORD_SHA256');
    for (const name of Object.keys(envSchema)) expect(name).not.toMatch(/^(SMTP_|MAIL_|PRACTICE_)/);
  });

  it('defaults each client variable to the development value the checks fall back to', () => {
    const unset = quietly(() => buildEnvironment({}));
    expect(envSchema.PUBLIC_CONTACT_ENDPOINT.default).toBe(unset.contactEndpoint);
    expect(envSchema.PUBLIC_REGISTRATION_ENDPOINT.default).toBe(unset.registrationEndpoint);
    expect(envSchema.PUBLIC_CONFIRMATION_ENDPOINT.default).toBe(unset.confirmationEndpoint);
    expect(envSchema.CMS_ORIGIN.default).toBe(unset.cmsOrigin);
    expect(envSchema.ADMIN_USERNAME.default).toBe(unset.adminAccount.username);
    expect(unset.adminAccount.username).toBe(DEV_ADMIN.username);
    // What site code reads through astro:env when nothing is set (the unit tests' case).
    expect(endpoints).toEqual(FORM_ROUTES);
  });
});

describe('the checked values astro:env reads', () => {
  const configured = {
    SITE_URL: 'https://www.example.org/',
    PUBLIC_CONTACT_ENDPOINT: '  https://forms.example.test/f/contact ',
    PUBLIC_REGISTRATION_ENDPOINT: '/forms/registration',
    ADMIN_USERNAME: ' therapist ',
    ADMIN_PASSWORD_SHA256: `${SHA256.toUpperCase()}  -`,
    CMS_ORIGIN: 'https://CMS.example.org/',
  };

  it('are each variable that is set, trimmed and normalised, and never the password hash', () => {
    const { variables } = quietly(() => buildEnvironment(configured));
    expect(variables).toEqual({
      PUBLIC_CONFIRMATION_ENDPOINT: '',
      SITE_URL: 'https://www.example.org',
      PUBLIC_CONTACT_ENDPOINT: 'https://forms.example.test/f/contact',
      PUBLIC_REGISTRATION_ENDPOINT: '/forms/registration',
      ADMIN_USERNAME: 'therapist',
      CMS_ORIGIN: 'https://cms.example.org',
    });
    expect(JSON.stringify(variables).toLowerCase()).not.toContain(SHA256);
  });

  it("are '' when nothing is set, which astro:env reads as unset (the schema defaults)", () => {
    const { variables } = quietly(() => buildEnvironment({}));
    const publicNames = Object.keys(envSchema).filter((name) => name !== 'ADMIN_PASSWORD_SHA256');
    expect(Object.keys(variables).sort()).toEqual(publicNames.sort());
    for (const value of Object.values(variables)) expect(value).toBe('');
  });

  it('check the same once put back into the environment (astro.config.mjs may load again)', () => {
    const first = quietly(() => buildEnvironment(configured));
    const again = quietly(() => buildEnvironment({ ...configured, ...first.variables }));
    expect(again).toEqual(first);
    const unset = quietly(() => buildEnvironment({}));
    expect(quietly(() => buildEnvironment({ ...unset.variables }))).toEqual(unset);
  });
});

describe('an address the build cannot use', () => {
  it('stops the build, naming its variable', () => {
    for (const [name, value] of [
      ['SITE_URL', 'example.org'],
      ['SITE_URL', 'ftp://example.org'],
      ['PUBLIC_CONTACT_ENDPOINT', 'javascript:alert(1)'],
      ['PUBLIC_REGISTRATION_ENDPOINT', 'forms/registration'],
      // Another host written as a path: the form then posts off the site, which the pages' policy blocks.
      ['PUBLIC_CONTACT_ENDPOINT', '//formspree.io/f/abc'],
      ['PUBLIC_CONFIRMATION_ENDPOINT', '/\\evil.example/confirm'],
    ]) {
      expect(() => quietly(() => buildEnvironment({ [name!]: value })), value).toThrow(
        `${name} must be an absolute http(s) URL; got "${value}".`,
      );
    }
  });

  it("is a SITE_URL that is more than the site's origin; a trailing slash is fine", () => {
    for (const value of [
      'https://www.example.org/sub',
      'https://www.example.org/?x=1',
      'https://www.example.org/#top',
      'https://user:secret@www.example.org',
    ]) {
      expect(() => quietly(() => buildEnvironment({ SITE_URL: value })), value).toThrow(
        `SITE_URL must be the site's origin only, such as https://www.example.org: no path, query, fragment or user name; got "${value}".`,
      );
    }
    expect(quietly(() => buildEnvironment({ SITE_URL: 'https://www.example.org/' })).siteUrl).toBe(
      'https://www.example.org',
    );
  });

  it('is a Cloudflare Pages build without SITE_URL; on Netlify, its URL is the site address', () => {
    const account = { ADMIN_USERNAME: 'practice-admin', ADMIN_PASSWORD_SHA256: SHA256 };
    // Before, both only warned, and the deployed site named http://localhost:4321 as its address.
    expect(() =>
      quietly(() => buildEnvironment({ ...account, CF_PAGES: '1', CF_PAGES_URL: 'https://abc.x.pages.dev' })),
    ).toThrow(/SITE_URL is not set: on Cloudflare Pages, set it to the site's address/);
    const netlify = quietly(() =>
      buildEnvironment({ ...account, NETLIFY: 'true', URL: 'https://bright-path.netlify.app' }),
    );
    expect(netlify.siteUrl).toBe('https://bright-path.netlify.app');
    expect(netlify.variables.SITE_URL).toBe('https://bright-path.netlify.app');
    // SITE_URL, when set, wins on both.
    expect(
      quietly(() =>
        buildEnvironment({
          ...account,
          NETLIFY: 'true',
          URL: 'https://x.netlify.app',
          SITE_URL: 'https://www.example.org',
        }),
      ).siteUrl,
    ).toBe('https://www.example.org');
    expect(
      quietly(() => buildEnvironment({ ...account, CF_PAGES: '1', SITE_URL: 'https://www.example.org' }))
        .siteUrl,
    ).toBe('https://www.example.org');
  });

  it('is a form endpoint over plain http to another computer; this one may take http for trials', () => {
    for (const name of [
      'PUBLIC_CONTACT_ENDPOINT',
      'PUBLIC_REGISTRATION_ENDPOINT',
      'PUBLIC_CONFIRMATION_ENDPOINT',
    ]) {
      expect(() => quietly(() => buildEnvironment({ [name]: 'http://formspree.io/f/abc' }))).toThrow(
        new RegExp(`^${name} must be an https URL: .*; got "http://formspree.io/f/abc"\\.$`),
      );
    }
    const local = quietly(() =>
      buildEnvironment({
        PUBLIC_CONTACT_ENDPOINT: 'http://localhost:8080/contact',
        PUBLIC_REGISTRATION_ENDPOINT: 'http://127.0.0.1:8080/registration',
        PUBLIC_CONFIRMATION_ENDPOINT: 'https://mail.example.test/confirm',
      }),
    );
    expect([local.contactEndpoint, local.registrationEndpoint, local.confirmationEndpoint]).toEqual([
      'http://localhost:8080/contact',
      'http://127.0.0.1:8080/registration',
      'https://mail.example.test/confirm',
    ]);
  });
});

describe('the build-derived module', () => {
  it('carries the salted derivation and the publish target, never the SHA-256', async () => {
    const { username: _username, ...adminPassword } = await shippedAdminAccount(
      { username: 'therapist', passwordSha256: SHA256, development: false },
      { iterations: 600_000 },
    );
    // Whatever else a caller leaves on the object stays out of the module.
    const source = buildDerivedSource({
      adminPassword: { ...adminPassword, passwordSha256: SHA256 } as typeof adminPassword,
      publishTarget: { name: 'github', repo: 'practice/site' },
    });
    expect(source).not.toContain(SHA256);
    const module = await load(source);
    expect(module.adminPassword).toEqual(adminPassword);
    expect(Object.keys(module.adminPassword as object).sort()).toEqual([
      'development',
      'iterations',
      'passwordHash',
      'salt',
    ]);
    expect(module.publishTarget).toEqual({ name: 'github', repo: 'practice/site' });
  });

  it('exports undefined values where no build made them (site code falls back)', async () => {
    expect(await load(buildDerivedSource({}))).toMatchObject({
      adminPassword: undefined,
      publishTarget: undefined,
      hostBuildsEachChange: false,
    });
  });

  it('says whether the host builds each change, only when the build said so', async () => {
    expect(await load(buildDerivedSource({ hostBuildsEachChange: true }))).toMatchObject({
      hostBuildsEachChange: true,
    });
  });
});
