// The layer rules of eslint.config.js, run through ESLint's Node API on files placed (virtually) in
// each folder: a wrong-way import must fail `npm run lint`, a right-way one must not.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The layer messages ESLint gives for `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result.messages
    .filter((m) =>
      ['no-restricted-imports', 'no-restricted-syntax', 'layers/no-tools'].includes(m.ruleId ?? ''),
    )
    .map((m) => m.message);
}

describe('layer lint rules', { timeout: 120_000 }, () => {
  it.each([
    ['src/lib/fixture.ts', "import X from '@/islands/blog/BlogSearch';"],
    ['src/lib/fixture.ts', "import X from '@/components/react/PostList';"],
    ['src/lib/fixture.ts', "import X from '../islands/blog/PostList';"],
    ['src/lib/admin/fixture.ts', "import X from '../../components/ButtonLink.astro';"],
    ['src/lib/fixture.ts', "import X from '@/pages/index.astro';"],
    ['src/lib/fixture.ts', "import X from '@/layouts/BaseLayout.astro';"],
    ['src/lib/fixture.ts', "import { x } from '@/browser/reveal';"],
    ['src/lib/auth/fixture.ts', "import { x } from '../../../tools/build-env.mjs';"],
    ['src/lib/fixture.ts', "export const later = () => import('@/islands/admin/PostForm');"],
    ['src/lib/fixture.ts', "export { x } from '@/islands/shared/ErrorBoundary';"],
    ['src/lib/fixture.ts', "import { x } from '../../server/form-handler/handler';"],
  ])('refuses in %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([expect.stringContaining('src/lib')]);
  });

  it.each([
    ['src/islands/admin/fixture.tsx', "import X from '@/islands/blog/BlogSearch';"],
    ['src/islands/admin/fixture.tsx', "import X from '../blog/BlogSearch';"],
    ['src/islands/blog/fixture.tsx', "import X from '../../islands/admin/PostForm';"],
    ['src/islands/blog/fixture.tsx', "export const later = () => import('../admin/PostForm');"],
    ['src/islands/shared/fixture.tsx', "import X from '@/islands/contact/ContactForm';"],
    ['src/islands/shared/fixture.tsx', "import X from '../login/LoginForm';"],
  ])('refuses a cross-feature import in %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([expect.stringContaining('imports no other feature')]);
  });

  it.each([
    ['src/islands/admin/fixture.tsx', "import X from '@/components/ButtonLink.astro';"],
    ['src/islands/blog/fixture.tsx', "import X from '../../components/blog/BlogIndex.astro';"],
    ['src/islands/blog/fixture.tsx', "import X from '@/components/reactions/X';"],
    ['src/islands/contact/fixture.tsx', "import X from '@/layouts/BaseLayout.astro';"],
    ['src/islands/header/fixture.tsx', "import { x } from '../../../tools/build-env.mjs';"],
    ['src/islands/contact/fixture.tsx', "import { x } from '../../../server/form-handler/handler';"],
  ])('refuses an upward import in %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([expect.stringContaining('Islands import only')]);
  });

  it.each([
    ['src/components/react/fixture.tsx', "import X from '@/islands/blog/BlogSearch';"],
    ['src/components/react/fixture.tsx', "import X from '../../islands/shared/ErrorBoundary';"],
    ['src/components/react/fixture.tsx', "export const later = () => import('@/islands/admin/PostForm');"],
    ['src/components/react/fixture.tsx', "import X from '@/layouts/BaseLayout.astro';"],
  ])('refuses an island or page in a build-rendered view, %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([
      expect.stringContaining('src/components/react holds views'),
    ]);
  });

  it.each([
    ['server/fixture.mjs', "import X from '../src/islands/contact/ContactForm';"],
    ['tools/fixture.mjs', "import X from '../src/components/ButtonLink.astro';"],
    ['tools/fixture.mjs', "import X from '@/islands/blog/BlogSearch';"],
    ['tools/fixture.mjs', "import X from '@/components/react/PostList';"],
    ['server/form-handler/fixture.ts', "import X from '../../src/islands/contact/ContactForm';"],
  ])('refuses a browser or page module in Node code, %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([expect.stringContaining('run in Node')]);
  });

  it.each([
    ['src/lib/fixture.ts', "import { slugify } from '@/lib/slug';"],
    ['src/lib/admin/fixture.ts', "import { slugify } from '../slug';"],
    ['src/lib/fixture.ts', "import settings from '../../content/settings/practice.json';"],
    ['src/islands/admin/fixture.tsx', "import X from '@/islands/shared/ErrorBoundary';"],
    ['src/islands/admin/fixture.tsx', "import X from '../shared/form-fields';"],
    ['src/islands/admin/fixture.tsx', "import X from './PostForm';"],
    ['src/islands/admin/fixture.tsx', "import X from '@/islands/admin/PostForm';"],
    ['src/islands/blog/fixture.tsx', "export const later = () => import('@/lib/store/browser-posts');"],
    ['src/islands/shared/fixture.tsx', "import X from './icons';"],
    ['server/fixture.mjs', "import { x } from '../tools/build-env.mjs';"],
    ['tools/fixture.mjs', "import { x } from '../src/lib/slug.ts';"],
    ['server/form-handler/fixture.ts', "import { x } from '../../src/lib/validation/contact';"],
    ['src/components/fixture.ts', "import X from '@/islands/blog/BlogSearch';"],
    ['src/islands/blog/fixture.tsx', "import X from '@/components/react/PostList';"],
    ['src/islands/blog/fixture.tsx', "import X from '../../components/react/icons';"],
    ['src/components/react/fixture.tsx', "import X from './PostCard';"],
    ['src/components/react/fixture.tsx', "import { postHref } from '@/lib/blog/posts';"],
  ])('allows in %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });

  it('refuses tools/ to every file of src/lib, with no exception', async () => {
    const files = readdirSync('src/lib', { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(?:ts|tsx|mjs)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files).toContain(path.join('src/lib', 'endpoints.ts'));
    expect(files).toContain(path.join('src/lib', 'auth', 'admin-account.ts'));
    for (const file of files) {
      const toScripts = path.relative(path.dirname(file), 'tools/build-env.mjs');
      expect(await layerErrors(file, `import { x } from '${toScripts}';`), file).toEqual([
        expect.stringContaining('src/lib never imports tools'),
      ]);
    }
  });

  it.each([
    ['src/integrations/fixture.mjs', "import { x } from '../../tools/build-env.mjs';"],
    ['src/pages/blog/fixture.ts', "export { x } from '../../../tools/build-env.mjs';"],
    ['src/integrations/html/fixture.mjs', "import { x } from '../../../tools/audit.mjs';"],
    ['src/directives/fixture.ts', "export const later = () => import('../../tools/cms.mjs');"],
    ['src/fixture.ts', "import { x } from '../tools/build-env.mjs';"],
  ])('refuses the root tools/ folder to the rest of src/, %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([expect.stringContaining('src/ never imports tools/')]);
  });

  it.each([
    ['src/pages/fixture.ts', "import { x } from '../browser/reveal';"],
    ['src/pages/blog/fixture.ts', "import { x } from '../../browser/reveal';"],
    ['src/integrations/fixture.mjs', "import { x } from '../lib/config/shared.mjs';"],
  ])('lets the rest of src/ import its own page scripts and src/lib, %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});
