// @ts-check
// Decap CMS's configuration, admin/config.yml, read as data: the one place its YAML is parsed, for
// the build (the publishing target, the CMS's and the admin's Content-Security-Policy, the media
// folders the SVG check covers), the CMS page (the field order its writers keep) and the tests that
// compare it with the content schemas. Front matter is YAML too, read by src/lib/text/post-file.ts
// with the same library; tests/unit/post-file.test.ts keeps the library to these two modules.
import { parse } from 'yaml';

/** The file, relative to the project's root. */
export const CMS_CONFIG_FILE = 'admin/config.yml';

/**
 * admin/config.yml's settings from its text ({} for an empty file). Throws when the text is not YAML
 * or not a list of settings.
 * @param {string} text
 * @returns {Record<string, any>}
 */
export function parseCmsConfig(text) {
  const config = parse(text) ?? {};
  if (typeof config !== 'object' || Array.isArray(config)) {
    throw new Error(`${CMS_CONFIG_FILE} must be a list of settings (backend: ..., collections: ...)`);
  }
  return config;
}
