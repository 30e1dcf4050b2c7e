// The scripts Astro bundles (the layout's header, reveal, anchor and service-worker code; the CMS
// loader) are module scripts: deferred, they never hold up the first paint. But the preload scanner
// fetches them at once, and Lighthouse's simulated LCP counts every request that finished before the
// largest paint (lever 25 in docs/performance.md: sign-in 1.54 -> 1.09 times the floor with this and
// the stylesheet's loader after the largest paint). So on the public pages they are started by an
// inline script at the end of <head> after that paint (after-largest-paint.mjs), in their order,
// followed by Astro's island runtime, taken out of the page into a file (island-runtime.mjs,
// decision 0048); a press on an island asks for them at once. The pages under admin/, cms/ and
// offline/ (drawn by scripts; the offline page's scripts are read by offline.mjs) keep their tags,
// marked fetchpriority="low" so they do not share the first round trips with the stylesheet and the
// lead picture, and their inline runtime. Astro gives no way to set an attribute on a script it
// bundles, hence this step.
import { AFTER_LARGEST_PAINT } from './after-largest-paint.mjs';
import { ISLAND_RUNTIME, ISLAND_RUNTIME_FILE } from './island-runtime.mjs';
import { attribute, bundledScripts, isPublicPage } from './page.mjs';
import { ISLAND_RUNTIME_FAILED_EVENT, ISLANDS_WANTED_EVENT } from '../../lib/page/island-runtime.mjs';

/**
 * Script text that adds these module scripts (absolute /_astro/ paths), in order, after the largest
 * paint, and then the island runtime's file when `runtime` names it. With a runtime, the interact
 * directive's ISLANDS_WANTED_EVENT starts them at once; a runtime that fails to load is reported with
 * ISLAND_RUNTIME_FAILED_EVENT, and the next ISLANDS_WANTED_EVENT asks for it again (at a new address:
 * the browser keeps a module's failure for its address).
 * @param {string[]} sources
 * @param {string} [runtime]
 */
export const scriptStarter = (sources, runtime) => {
  const file = JSON.stringify(runtime);
  return (
    // g: started, f: the runtime failed; a(src, r): adds a script (r: the runtime).
    `(function(){var d=document,g=0,f=0;` +
    `function a(src,r){var s=d.createElement('script');s.type='module';s.async=false;s.src=src;` +
    `if(r)s.onerror=function(){f=1;dispatchEvent(new Event('${ISLAND_RUNTIME_FAILED_EVENT}'))};` +
    `d.head.appendChild(s)}` +
    `function go(){if(!g){g=1;${JSON.stringify(sources)}.forEach(function(src){a(src)})${runtime ? `;a(${file},1)` : ''}}}` +
    (runtime
      ? `addEventListener('${ISLANDS_WANTED_EVENT}',function(){if(!g)go();` +
        `else if(f){f=0;a(${file}+'?retry='+Date.now(),1)}});`
      : '') +
    `(${AFTER_LARGEST_PAINT})(go)})()`
  );
};

/** The page's inline copy of Astro's island runtime, if it has one. */
const inlineRuntime = (page) =>
  page
    .byTag('script')
    .find((script) => script.attrs.length === 0 && page.innerSource(script) === ISLAND_RUNTIME);

/** @type {import('./page.mjs').Step} */
export const lowerScriptPriority = {
  name: 'script priority: bundled scripts and the island runtime started after the largest paint (low priority where kept)',
  run(page) {
    const scripts = bundledScripts(page).filter((script) => attribute(script, 'fetchpriority') === undefined);
    page.state.lowered = scripts.length;
    const head = page.byTag('head')[0];
    if (isPublicPage(page.file) && head?.sourceCodeLocation?.endTag) {
      const runtime = inlineRuntime(page);
      // Warned only where the runtime is neither inline nor already named by this step's starter.
      if (!runtime && page.byTag('astro-island').length > 0 && !page.html.includes(ISLAND_RUNTIME_FILE))
        page.warnings.push(
          `${page.file}: Astro's island runtime is not inline as expected (island-runtime.mjs); it stays in the page.`,
        );
      if (scripts.length === 0 && !runtime) return;
      const sources = scripts.map((script) => attribute(script, 'src'));
      // Edits that keep the parse tree, so the steps after this one need no second parse (0035).
      page.removeElements([...scripts, ...(runtime ? [runtime] : [])]);
      // In <head>: the policy hashes the layout's inline scripts only before <main> (csp-steps.mjs).
      page.appendInside(head, `<script>${scriptStarter(sources, runtime && ISLAND_RUNTIME_FILE)}</script>`);
      return;
    }
    if (scripts.length === 0) return;
    // Before src, where the attribute has always been written: <script type="module" fetchpriority="low" src>.
    page.addAttributes(
      scripts.map((element) => ({ element, name: 'fetchpriority', value: 'low', before: 'src' })),
    );
  },
};
