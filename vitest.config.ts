import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { siteModulePlugins } from './tests/site-modules.ts';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Site code imports astro:env and the build's derived values (without values here: the code takes
// its development fallbacks, as before any build).
const plugins = siteModulePlugins();

/** Unit tests that use vi.mock (the `unit-mocking` project runs them, each with its own modules). */
const MOCKING_UNIT_TESTS = [
  'tests/unit/blog-content.test.ts',
  'tests/unit/cms-slug.test.ts',
  'tests/unit/feed-content.test.ts',
  'tests/unit/submit-registration-no-db-code.test.ts',
  'tests/unit/schedule-zone-words.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        plugins,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: MOCKING_UNIT_TESTS,
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          // One module registry per worker for all its files, not one per file: loading the modules
          // again for each of the ~90 files was most of the project's time (CPU 92 s -> 29 s). A test
          // that needs a module's first load (a warning given once) imports it afresh.
          isolate: false,
        },
      },
      {
        // The files that replace a module with vi.mock: a module another file loaded first would
        // keep the real one in a shared registry, so each of these gets its own.
        resolve: { alias },
        plugins,
        test: {
          name: 'unit-mocking',
          include: MOCKING_UNIT_TESTS,
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        resolve: {
          alias: {
            ...alias,
            // The islands run in a browser, where the bundler picks isomorphic-dompurify's browser
            // entry (DOMPurify on the page's window); its Node entry would load a second jsdom, which
            // the VM contexts below cannot load (a dependency of jsdom ships ES modules as CommonJS).
            'isomorphic-dompurify': fileURLToPath(
              new URL('./node_modules/isomorphic-dompurify/dist/browser.mjs', import.meta.url),
            ),
          },
        },
        plugins,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          // Each file in a fresh VM context of one long-lived worker (decision 0044): jsdom, React and
          // Testing Library are loaded once, not in a new process per file (CPU 72 -> 22 s). Objects
          // made by Node itself (structuredClone's copies in fake-indexeddb) are not instances of the
          // context's classes: RegistrationForm.test.tsx checks such a Date by its tag.
          pool: 'vmThreads',
          // After the unit projects, not interleaved with them: otherwise the one worker slot goes back
          // and forth and the unit project's shared registry is loaded again each time (test:unit took
          // 92 s that way, 52-55 s in this order).
          sequence: { groupOrder: 1 },
          setupFiles: ['tests/component/setup.ts'],
          // Typing into an island in jsdom takes a few seconds on a busy 2-core machine (the editor's
          // tests came within a second of the default 5 s there); a timeout is no wait, only a cap.
          testTimeout: 15_000,
        },
      },
      {
        // The run's build checked as a whole (the HTML checker, Java), copies of the project built
        // with other content, and the builds' own rules (minutes): `npm run test:site`, apart from
        // the quick tests an editor runs before a commit. The global setup makes the run's build.
        resolve: { alias },
        plugins,
        test: {
          name: 'site',
          include: ['tests/site/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/site/global-setup.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
