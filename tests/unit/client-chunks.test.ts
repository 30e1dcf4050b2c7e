// The client build's chunk groups (src/integrations/client-chunks.mjs): what each takes in, and what
// it must leave out (the CMS's server renderer, the notices the privacy page needs without a form).
import { describe, expect, it } from 'vitest';
import { clientChunks } from '../../src/integrations/client-chunks.mjs';

const root = '/project';
const groupOf = (id: string): string | undefined =>
  clientChunks.groups?.find(({ test }) =>
    typeof test === 'function' ? test(id) : test instanceof RegExp ? test.test(id) : false,
  )?.name as string | undefined;

describe('client chunk groups', () => {
  it.each([
    'node_modules/react/cjs/react.production.js',
    'node_modules/react/jsx-runtime.js',
    'node_modules/react-dom/cjs/react-dom-client.production.js',
    'node_modules/react-dom/client.js',
    'node_modules/scheduler/cjs/scheduler.production.js',
    'node_modules/@astrojs/react/dist/client.js',
    'src/islands/shared/ErrorBoundary.tsx',
    'src/islands/shared/use-hydration-signal.ts',
    'src/lib/page/hydration-signal.ts',
    'src/components/react/icons.tsx',
    'src/lib/text/plural.ts',
  ])('React and what every island wraps itself in: %s', (file) => {
    expect(groupOf(`${root}/${file}`)).toBe('react');
  });

  it.each([
    'node_modules/react-dom/server.browser.js',
    'node_modules/react-dom/cjs/react-dom-server.browser.production.js',
    'node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js',
  ])('leaves out the server renderer only Decap CMS uses: %s', (file) => {
    expect(groupOf(`${root}/${file}`)).toBeUndefined();
  });

  it.each([
    'src/islands/shared/form-fields.tsx',
    'src/islands/shared/honeypot-field.tsx',
    'src/islands/shared/use-form-feedback.ts',
    'src/lib/forms/honeypot.ts',
    'src/lib/forms/post-json.ts',
    'src/lib/validation/rules.ts',
    'src/lib/validation/field-errors.ts',
    'src/lib/endpoints.ts',
  ])("the forms' shared code: %s", (file) => {
    expect(groupOf(`${root}/${file}`)).toBe('forms');
  });

  it.each([
    'src/islands/shared/form-notices.tsx',
    'src/islands/contact/ContactForm.tsx',
    'src/islands/a11y-panel/AccessibilityPanel.tsx',
    'src/lib/db.ts',
    'src/browser/page-behaviour.ts',
    'node_modules/react-markdown/index.js',
    'node_modules/@tiptap/react/dist/index.js',
  ])('leaves the rest to Rolldown: %s', (file) => {
    expect(groupOf(`${root}/${file}`)).toBeUndefined();
  });

  it('reads Windows paths alike', () => {
    expect(groupOf('C:\\project\\node_modules\\react-dom\\client.js')).toBe('react');
    expect(groupOf('C:\\project\\src\\lib\\validation\\rules.ts')).toBe('forms');
  });
});
