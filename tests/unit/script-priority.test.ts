import { describe, expect, it } from 'vitest';
import { HtmlPage } from '../../src/integrations/html/page.mjs';
import {
  lowerScriptPriority as step,
  scriptStarter,
} from '../../src/integrations/html/script-priority-step.mjs';
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
});
