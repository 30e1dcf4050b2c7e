// How the browser's JavaScript is cut into files (Rolldown's codeSplitting groups, client build only).
// Left to itself, Rolldown gives every set of islands that shares a module a chunk of its own: about
// twenty files per page once its islands are in use, each compressed on its own, each with the
// imports and exports that tie it to the others. Two groups put together what is loaded together
// (decision 0032; figures in docs/performance.md, "Islands' shared code in fewer files"):
// - `react`: React, React DOM's client, the scheduler, Astro's React renderer and what every island
//   wraps itself in (the error boundary, the hydration signal, the icons, plural words). Every page
//   with an island loads all of it with its first island. Not react-dom/server: only Decap CMS uses it.
// - `forms`: the fields, validation rules, feedback hook, honeypot and JSON sending that the contact,
//   registration and sign-in forms share, and the submission cycle of the first two (sign-in loads
//   its 0.5 KB unused rather than every visitor of a public form a file of its own). The notices (form-notices.tsx) stay out, so the privacy
//   page, which shows notices but has no form, does not load the forms' code.
// The layout's page script imports none of these (decision 0007), so it stays one file.
const path = String.raw`[\\/]`;

/** React and what every island needs with it, in the browser. */
const ISLAND_RUNTIME = new RegExp(
  [
    `node_modules${path}(react|react-dom|scheduler)${path}`,
    `node_modules${path}@astrojs${path}react${path}`,
    `src${path}islands${path}shared${path}(ErrorBoundary|use-hydration-signal)\\.`,
    `src${path}components${path}react${path}icons\\.`,
    `src${path}lib${path}(text${path}plural|page${path}hydration-signal)\\.`,
  ].join('|'),
);
const SERVER_RENDERING = new RegExp(`node_modules${path}react-dom${path}(server|cjs${path}react-dom-server)`);

/** What the site's forms share (not the notices, which the privacy page shows without a form). */
const FORMS = new RegExp(
  [
    `src${path}islands${path}shared${path}(form-fields|honeypot-field|use-form-feedback|use-form-submission)\\.`,
    `src${path}lib${path}forms${path}(honeypot|post-json)\\.`,
    `src${path}lib${path}validation${path}(rules|field-errors)\\.`,
    `src${path}lib${path}endpoints\\.`,
  ].join('|'),
);

/** @type {import('rolldown').CodeSplittingOptions} */
export const clientChunks = {
  groups: [
    { name: 'react', test: (id) => ISLAND_RUNTIME.test(id) && !SERVER_RENDERING.test(id) },
    { name: 'forms', test: FORMS },
  ],
};
