// The scripts Astro bundles (the layout's header, reveal, anchor and service-worker code; the CMS
// loader) are module scripts: deferred, they never hold up the first paint. Chrome still fetches them
// at High priority, so on a slow phone connection they share the first round trips with the
// stylesheet and the lead picture, which the first paint does wait for. Astro gives no way to set an
// attribute on a script it bundles, so this step marks them fetchpriority="low".
import { attribute, bundledScripts } from './page.mjs';

/** @type {import('./page.mjs').Step} */
export const lowerScriptPriority = {
  name: 'script priority: bundled scripts low',
  run(page) {
    const scripts = bundledScripts(page).filter((script) => attribute(script, 'fetchpriority') === undefined);
    // Before src, where the attribute has always been written: <script type="module" fetchpriority="low" src>.
    page.addAttributes(
      scripts.map((element) => ({ element, name: 'fetchpriority', value: 'low', before: 'src' })),
    );
    page.state.lowered = scripts.length;
  },
};
