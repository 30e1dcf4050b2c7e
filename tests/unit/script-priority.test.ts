import { describe, expect, it } from 'vitest';
import { HtmlPage } from '../../src/integrations/html/page.mjs';
import { lowerScriptPriority as step } from '../../src/integrations/html/script-priority-step.mjs';

/** The pipeline's script-priority step alone: the page it leaves and how many scripts it marked. */
function lowerScriptPriority(html: string) {
  const page = new HtmlPage(html, 'index.html');
  step.run(page);
  return { html: page.html, count: page.state.lowered };
}

describe('the script-priority step', () => {
  it('marks every script Astro bundled as low priority, leaving its src as it was', () => {
    const html =
      '<head><script type="module" src="/_astro/BaseLayout.astro_astro_type_script_index_0_lang.BKYC1xF_.js"></script>' +
      '<script type="module" src="/_astro/other.Ab12.js"></script></head>';
    const { html: result, count } = lowerScriptPriority(html);
    expect(count).toBe(2);
    expect(result).toBe(
      '<head><script type="module" fetchpriority="low" src="/_astro/BaseLayout.astro_astro_type_script_index_0_lang.BKYC1xF_.js"></script>' +
        '<script type="module" fetchpriority="low" src="/_astro/other.Ab12.js"></script></head>',
    );
  });

  it('leaves inline scripts, JSON-LD and scripts from elsewhere alone', () => {
    const html =
      '<script>document.documentElement.classList.add("js")</script>' +
      '<script type="application/ld+json">{"@type":"MedicalBusiness"}</script>' +
      '<script type="module" src="https://cdn.example.org/x.js"></script>' +
      '<p>&lt;script type="module" src="/_astro/a.js"&gt;</p>';
    expect(lowerScriptPriority(html)).toEqual({ html, count: 0 });
  });

  it('is idempotent: a page marked once is not marked again', () => {
    const once = lowerScriptPriority('<script type="module" src="/_astro/a.js"></script>').html;
    expect(lowerScriptPriority(once)).toEqual({ html: once, count: 0 });
  });
});
