import { describe, expect, it } from 'vitest';
import { HtmlPage } from '../../src/integrations/html/page.mjs';
import {
  lowerScriptPriority as step,
  scriptStarter,
} from '../../src/integrations/html/script-priority-step.mjs';
import { ISLAND_RUNTIME, ISLAND_RUNTIME_FILE } from '../../src/integrations/html/island-runtime.mjs';
import { ISLAND_RUNTIME_FAILED_EVENT, ISLANDS_WANTED_EVENT } from '../../src/lib/page/island-runtime.mjs';
import { fakePaintTimeline } from '../paint-timeline';

/** The pipeline's script-priority step alone: the page it leaves and how many scripts it took. */
function lowerScriptPriority(html: string, file = 'index.html') {
  const page = new HtmlPage(html, file);
  step.run(page);
  return { html: page.html, count: page.state.lowered };
}

const A = '/_astro/BaseLayout.astro_astro_type_script_index_0_lang.BKYC1xF_.js';
const B = '/_astro/other.Ab12.js';

describe('the script-priority step', () => {
  it('starts the scripts Astro bundled, in their order, from <head> after the largest paint on a public page', () => {
    const html =
      `<html><head><title>t</title><script type="module" src="${A}"></script></head>` +
      `<body><main><p>Hi</p></main><script type="module" src="${B}"></script></body></html>`;
    const { html: result, count } = lowerScriptPriority(html);
    expect(count).toBe(2);
    expect(result).toBe(
      `<html><head><title>t</title><script>${scriptStarter([A, B])}</script></head><body><main><p>Hi</p></main></body></html>`,
    );
  });

  it('marks them low priority, leaving their tags, on the pages drawn by scripts', () => {
    const html = `<html><head><script type="module" src="${A}"></script><script type="module" src="${B}"></script></head></html>`;
    const { html: result, count } = lowerScriptPriority(html, 'admin/index.html');
    expect(count).toBe(2);
    expect(result).toBe(
      `<html><head><script type="module" fetchpriority="low" src="${A}"></script>` +
        `<script type="module" fetchpriority="low" src="${B}"></script></head></html>`,
    );
  });

  it('leaves inline scripts, JSON-LD and scripts from elsewhere alone', () => {
    const html =
      '<html><head><script>document.documentElement.classList.add("js")</script>' +
      '<script type="application/ld+json">{"@type":"MedicalBusiness"}</script>' +
      '<script type="module" src="https://cdn.example.org/x.js"></script></head>' +
      '<body><p>&lt;script type="module" src="/_astro/a.js"&gt;</p></body></html>';
    expect(lowerScriptPriority(html)).toEqual({ html, count: 0 });
  });

  it('is idempotent: a page marked once is not marked again', () => {
    const once = lowerScriptPriority(
      '<script type="module" src="/_astro/a.js"></script>',
      'cms/index.html',
    ).html;
    expect(lowerScriptPriority(once, 'cms/index.html')).toEqual({ html: once, count: 0 });
  });

  it('the starter adds each script once, as a module in order, and only after the largest paint', () => {
    const added: { type?: string; async?: boolean; src?: string }[] = [];
    const paint = fakePaintTimeline();
    paint.run(scriptStarter([A, B]), {
      head: { appendChild: (script: (typeof added)[number]) => added.push(script) },
    });
    expect(added).toEqual([]);
    paint.largestPaint(); // while the page is still parsed: waits for the frame after parsing
    paint.flush();
    expect(added).toEqual([]);
    paint.parsed();
    paint.flush();
    expect(added).toEqual([
      { type: 'module', async: false, src: A },
      { type: 'module', async: false, src: B },
    ]);
    paint.largestPaint();
    paint.load();
    paint.flush();
    expect(added).toHaveLength(2);
  });

  describe("Astro's island runtime", () => {
    const island = '<astro-island client="interact" opts="{}"><button>Menu</button></astro-island>';
    const page = (head = '') =>
      `<html><head><title>t</title>${head}<script type="module" src="${A}"></script></head><body>` +
      `<style>astro-island{display:contents}</style><script>directive()</script><script>${ISLAND_RUNTIME}</script>` +
      `${island}</body></html>`;

    it('is taken out of a public page and added after the bundled scripts, from its own file', () => {
      const page_ = new HtmlPage(page(), 'training/index.html');
      step.run(page_);
      expect(page_.html).toBe(
        `<html><head><title>t</title><script>${scriptStarter([A], ISLAND_RUNTIME_FILE)}</script></head><body>` +
          `<style>astro-island{display:contents}</style><script>directive()</script>${island}</body></html>`,
      );
      expect(page_.warnings).toEqual([]);
      expect(ISLAND_RUNTIME_FILE).toMatch(/^\/_astro\/astro-island\.[\w-]{8}\.js$/);
    });

    it('a page finished once is left as it is, without a warning', () => {
      const once = new HtmlPage(page(), 'training/index.html');
      step.run(once);
      const again = new HtmlPage(once.html, 'training/index.html');
      step.run(again);
      expect(again.html).toBe(once.html);
      expect(again.warnings).toEqual([]);
    });

    it('stays inline on the pages drawn by scripts, and the offline page', () => {
      for (const file of ['admin/posts/index.html', 'offline/index.html', 'cms/index.html']) {
        const { html } = lowerScriptPriority(page(), file);
        expect(html).toContain(`<script>${ISLAND_RUNTIME}</script>`);
        expect(html).not.toContain(ISLAND_RUNTIME_FILE);
      }
    });

    it('a page with islands whose runtime is not found as Astro writes it keeps it, with a warning', () => {
      const changed = page().replace(`<script>${ISLAND_RUNTIME}`, `<script>${ISLAND_RUNTIME};`);
      const page_ = new HtmlPage(changed, 'index.html');
      step.run(page_);
      expect(page_.html).toContain(`<script>${ISLAND_RUNTIME};</script>`);
      expect(page_.html).toContain(`<script>${scriptStarter([A])}</script>`);
      expect(page_.warnings).toEqual([
        "index.html: Astro's island runtime is not inline as expected (island-runtime.mjs); it stays in the page.",
      ]);
    });

    type Added = { src: string; onerror?: () => void };
    function started() {
      const added: Added[] = [];
      const paint = fakePaintTimeline();
      paint.run(scriptStarter([A, B], ISLAND_RUNTIME_FILE), {
        head: { appendChild: (script: Added) => added.push(script) },
      });
      return { added, paint, sources: () => added.map((script) => script.src) };
    }

    it('the starter adds the runtime last, after the largest paint, or at once when an island is wanted', () => {
      const later = started();
      later.paint.parsed();
      later.paint.largestPaint();
      later.paint.flush();
      expect(later.sources()).toEqual([A, B, ISLAND_RUNTIME_FILE]);

      const early = started();
      early.paint.dispatch(ISLANDS_WANTED_EVENT); // a press before the first paint
      expect(early.sources()).toEqual([A, B, ISLAND_RUNTIME_FILE]);
      early.paint.dispatch(ISLANDS_WANTED_EVENT);
      early.paint.parsed();
      early.paint.largestPaint();
      early.paint.load();
      early.paint.flush();
      expect(early.sources()).toHaveLength(3); // once
    });

    it('a runtime that fails is reported, and asked for again at a new address only when wanted again', () => {
      const { added, paint, sources } = started();
      paint.dispatch(ISLANDS_WANTED_EVENT);
      added[0]!.onerror?.(); // a bundled script that fails is not the runtime
      expect(paint.dispatched).toEqual([]);
      added[2]!.onerror?.();
      expect(paint.dispatched).toEqual([ISLAND_RUNTIME_FAILED_EVENT]);
      expect(sources()).toHaveLength(3);
      paint.dispatch(ISLANDS_WANTED_EVENT);
      paint.dispatch(ISLANDS_WANTED_EVENT); // one request at a time
      expect(sources()).toHaveLength(4);
      expect(sources()[3]).toMatch(
        new RegExp(`^${ISLAND_RUNTIME_FILE.replaceAll('.', '\\.')}\\?retry=\\d+$`),
      );
      added[3]!.onerror?.();
      expect(paint.dispatched).toEqual([ISLAND_RUNTIME_FAILED_EVENT, ISLAND_RUNTIME_FAILED_EVENT]);
    });
  });
});
