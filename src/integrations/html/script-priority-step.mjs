// The scripts Astro bundles (the layout's header, reveal, anchor and service-worker code; the CMS
// loader) are module scripts: deferred, they never hold up the first paint. But the preload scanner
// fetches them at once, and Lighthouse's simulated LCP counts every request that finished before the
// largest paint (lever 25 in docs/performance.md: sign-in 1.54 -> 1.09 times the floor with this and
// the stylesheet's loader after the largest paint). So on the public pages they are started by an
// inline script at the end of <head> after that paint (after-largest-paint.mjs), in their order; the pages under admin/,
// cms/ and offline/ (drawn by scripts; the offline page's scripts are read by offline.mjs) keep their
// tags, marked fetchpriority="low" so they do not share the first round trips with the stylesheet and
// the lead picture. Astro gives no way to set an attribute on a script it bundles, hence this step.
import { afterLargestPaint } from './after-largest-paint.mjs';
import { attribute, bundledScripts } from './page.mjs';

/** Script text that adds these module scripts (absolute /_astro/ paths), in order, after the largest paint. */
export const scriptStarter = (sources) =>
  afterLargestPaint(
    `var d=document;${JSON.stringify(sources)}.forEach(function(src){var s=d.createElement('script');` +
      `s.type='module';s.async=false;s.src=src;d.head.appendChild(s)})`,
  );

/** @type {import('./page.mjs').Step} */
export const lowerScriptPriority = {
  name: 'script priority: bundled scripts started after the largest paint (low priority where kept)',
  run(page) {
    const scripts = bundledScripts(page).filter((script) => attribute(script, 'fetchpriority') === undefined);
    page.state.lowered = scripts.length;
    if (scripts.length === 0) return;
    const headEnd = page.byTag('head')[0]?.sourceCodeLocation?.endTag?.startOffset;
    if (!/^(admin|cms|offline)\//.test(page.file) && headEnd !== undefined) {
      const sources = scripts.map((script) => attribute(script, 'src'));
      // In <head>: the policy hashes the layout's inline scripts only before <main> (csp-steps.mjs).
      page.edit([
        { start: headEnd, end: headEnd, text: `<script>${scriptStarter(sources)}</script>` },
        ...scripts.map((script) => ({
          start: script.sourceCodeLocation.startOffset,
          end: script.sourceCodeLocation.endOffset,
          text: '',
        })),
      ]);
      return;
    }
    // Before src, where the attribute has always been written: <script type="module" fetchpriority="low" src>.
    page.addAttributes(
      scripts.map((element) => ({ element, name: 'fetchpriority', value: 'low', before: 'src' })),
    );
  },
};
