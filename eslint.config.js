// Lint: TypeScript, React hooks, JSX accessibility, Astro components, and the layers' import direction.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.data/',
      '.server/',
      'dist-*/',
      '.releases/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Islands' hooks may live in .ts files (src/islands/shared/use-form-feedback.ts).
    files: ['**/*.tsx', 'src/islands/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...layers(),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);

/**
 * Imports run one way: pages -> layouts/components/islands -> (components/react) -> lib (docs/architecture.md). ESLint's own
 * no-restricted-imports (and no-restricted-syntax for a literal `import()`) checks the import text, so
 * each pattern matches both spellings: the `@/` alias and a relative path climbing out of the folder.
 * tests/unit/layers-lint.test.ts shows each block fires.
 */
function layers() {
  // `@/x` or `../x`, `../../src/x`...: a path that reaches the folder x of src/ (or of the root).
  const reach = (folders) => `^(?:@/|(?:\\.\\./)+(?:src/)?)(?:${folders})(?:/|$)`;
  const rule = (patterns) => ({
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': [
      'error',
      ...patterns.map(({ regex, message }) => ({
        selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`,
        message,
      })),
    ],
  });
  const lib = [
    {
      regex: reach('islands|components|pages|layouts|server'),
      message:
        'src/lib is the bottom layer: it never imports islands, components, pages, layouts or server/.',
    },
    {
      regex: reach('tools|browser'),
      message: 'src/lib never imports tools/ (Node build tools) or src/browser (page scripts).',
    },
  ];
  // src/components/react/ holds React views that pages render at build; islands render some of the
  // same views in the browser (a post kept only in this browser), so islands may import that folder.
  const upper = {
    regex: reach('components(?!/react(?:/|$))|pages|layouts|tools|browser|server'),
    message: 'Islands import only src/lib, src/components/react, their own folder and src/islands/shared.',
  };
  const views = {
    regex: reach('islands|pages|layouts|tools|browser|server'),
    message:
      'src/components/react holds views rendered at build: they import only src/lib and each other, never islands.',
  };
  const features = readdirSync(new URL('./src/islands', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
    .map((entry) => entry.name);
  const otherFeature = (own) => {
    const others = features.filter((name) => name !== own);
    const message = `${own ? `src/islands/${own}` : 'src/islands/shared'} imports no other feature: move what two features share to src/islands/shared or src/lib.`;
    return [
      {
        regex: `^(?:@/|(?:\\.\\./)+(?:src/)?)islands/(?!(?:${own ? `shared|${own}` : 'shared'})(?:/|$))`,
        message,
      },
      ...(others.length ? [{ regex: `^(?:\\.\\./)+(?:${others.join('|')})(?:/|$)`, message }] : []),
    ];
  };
  const nodeSide = [
    {
      regex: reach('islands|components|pages|layouts'),
      message:
        'server/ and tools/ run in Node: they import src/lib, never islands, components, pages or layouts.',
    },
  ];
  return [
    { files: ['src/lib/**'], rules: rule(lib) },
    ...features.map((own) => ({
      files: [`src/islands/${own}/**`],
      rules: rule([upper, ...otherFeature(own)]),
    })),
    { files: ['src/islands/shared/**'], rules: rule([upper, ...otherFeature('')]) },
    { files: ['src/components/react/**'], rules: rule([views]) },
    { files: ['server/**', 'tools/**'], rules: rule(nodeSide) },
    {
      // The rest of src/ may import src/browser (page scripts) but never the root tools/ folder (Node
      // tools), however many `../` lead there: this rule resolves the path.
      files: ['src/**'],
      ignores: ['src/lib/**', 'src/islands/**'],
      plugins: {
        layers: {
          rules: { 'no-tools': noImportInto(fileURLToPath(new URL('./tools', import.meta.url))) },
        },
      },
      rules: { 'layers/no-tools': 'error' },
    },
  ];
}

/**
 * A rule that refuses a relative import resolving into `folder`, wherever the importing file sits
 * (src/lib and src/islands refuse every `tools` and `browser` import by pattern, above).
 * @param {string} folder absolute path
 * @returns {import('eslint').Rule.RuleModule}
 */
function noImportInto(folder) {
  const message =
    'src/ never imports tools/ (Node tools): share through src/lib (src/lib/config/shared.mjs).';
  return {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const check = (node) => {
        const source = node.source?.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const resolved = path.resolve(path.dirname(context.filename), source);
        if (resolved === folder || resolved.startsWith(folder + path.sep))
          context.report({ node: node.source, message });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
