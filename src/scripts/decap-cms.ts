// Decap CMS, bundled by Vite from the npm package with the site's own React 19 (the package's prebuilt
// browser bundle expects a global React of one exact version, which React 19 no longer publishes).
// Imported by src/pages/cms/index.astro only, so no public page loads it.
import CMS from 'decap-cms-app';
import { parse } from 'yaml';
import configText from '../../admin/config.yml?raw';
import { withoutClearedValues } from '@/lib/cms-entry';
import {
  fieldsByNames,
  formatFrontMatter,
  formatJson,
  parseFrontMatter,
  type CmsConfigShape,
} from '@/lib/cms-formats';

// admin/config.yml is bundled with the CMS, so the writers below know the field order of every file.
const config = parse(configText) as CmsConfigShape & Record<string, unknown>;

// Files keep their committed layout (src/lib/cms-formats.ts). Decap passes the top-level field names
// of the collection or file being saved; they pick its field list for the order of nested keys too.
CMS.registerCustomFormat('json', 'json', {
  fromFile: (content: string) => JSON.parse(content) as unknown,
  toFile: (data: object, sortedKeys: string[] = []) => formatJson(data, fieldsByNames(config, sortedKeys)),
});
CMS.registerCustomFormat('frontmatter', 'md', {
  fromFile: parseFrontMatter,
  toFile: (data: object, sortedKeys: string[] = []) =>
    formatFrontMatter(data as Record<string, unknown>, fieldsByNames(config, sortedKeys)),
});

CMS.registerEventListener({
  name: 'preSave',
  handler: ({ entry }) => withoutClearedValues(entry.get('data')),
});

type InitOptions = NonNullable<Parameters<typeof CMS.init>[0]>;
CMS.init({ config: { ...config, load_config_file: false } as unknown as InitOptions['config'] });
