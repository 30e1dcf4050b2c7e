import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addConnectSources,
  checkInlineAttributes,
  CSP_STEPS,
  hashLayoutScripts,
  parsePolicy,
  pruneUnusedHashes,
  readPolicy,
  refuseUnsafeScripts,
  relaxOrCheckStyles,
  writePolicy,
} from '../../src/integrations/html/csp-steps.mjs';
import { HtmlPage, bundledScripts } from '../../src/integrations/html/page.mjs';
import { PAGE_STEPS, missingAssets, pageContext, runSteps } from '../../src/integrations/html/pipeline.mjs';
import { lowerScriptPriority, scriptStarter } from '../../src/integrations/html/script-priority-step.mjs';
import { inlineCriticalCss } from '../../src/integrations/html/critical-css.mjs';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const plain = { relax: () => undefined, extraConnect: () => [] as string[] };

/** A page whose policy was read already, as a CSP step after the first finds it. */
function withPolicy(html: string, policy: string, file = 'index.html') {
  const page = new HtmlPage(html, file);
  page.state.csp = parsePolicy(policy);
  return page;
}

const policyText = (page: HtmlPage) =>
  [...(page.state.csp as Map<string, string[]>)]
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

describe('the files a page names under /_astro/', () => {
  // A post page Astro copied from an earlier build (decision 0050) must not name files this build
  // lacks: the pipeline stops the build on any.
  const page =
    '<link rel="stylesheet" href="/_astro/BaseLayout.B2KKysYj.css">' +
    '<astro-island component-url="/_astro/MobileMenu.DL4YObhJ.js" renderer-url="/_astro/client.CCBeaeLq.js">' +
    '<img srcset="/_astro/a.FvzIAGTb_2gHc7D.webp 200w, /_astro/a.FvzIAGTb_Gwi90.webp 1200w">' +
    '<p>Our pictures are served from <code>/_astro/old.css</code>.</p>';

  const named = [
    'BaseLayout.B2KKysYj.css',
    'MobileMenu.DL4YObhJ.js',
    'client.CCBeaeLq.js',
    'a.FvzIAGTb_2gHc7D.webp',
    'a.FvzIAGTb_Gwi90.webp',
  ];

  it('are all there in a build that has them', () => {
    expect(missingAssets(page, new Set(named))).toEqual([]);
  });

  it('are named when the build has an other stylesheet or lacks a picture', () => {
    const built = new Set(['BaseLayout.B6bVzUoJ.css', ...named.slice(1, 4)]);
    expect(missingAssets(page, built)).toEqual(['BaseLayout.B2KKysYj.css', 'a.FvzIAGTb_Gwi90.webp']);
  });
});

describe('HtmlPage', () => {
  it('splices edits into the text as written, leaving every other byte alone', () => {
    const html =
      "<!DOCTYPE html><html><head><meta charset=utf-8><title>A &amp; B</title></head><body><p class='x'>Hi<br></body></html>";
    const page = new HtmlPage(html, 'a.html');
    const title = page.byTag('title')[0]!;
    page.edit([
      {
        start: title.sourceCodeLocation!.startOffset,
        end: title.sourceCodeLocation!.startOffset,
        text: '<!--t-->',
      },
    ]);
    expect(page.html).toBe(html.replace('<title>', '<!--t--><title>'));
    expect(page.byTag('p')).toHaveLength(1); // parsed again after the edit
  });

  it('puts an insertion before a removal that starts at the same place, and refuses overlaps', () => {
    const page = new HtmlPage('abcdef', 'a.html');
    page.edit([
      { start: 2, end: 4, text: '' },
      { start: 2, end: 2, text: 'X' },
    ]);
    expect(page.html).toBe('abXef');
    expect(() =>
      page.edit([
        { start: 0, end: 3, text: '' },
        { start: 1, end: 2, text: '' },
      ]),
    ).toThrow(/overlapping/);
  });

  it('finds the bundled scripts whatever attributes the pipeline added', () => {
    const page = new HtmlPage(
      '<script type="module" fetchpriority="low" src="/_astro/a.B1.js"></script><script src="/x.js"></script>' +
        '<script type="module">import "/_astro/b.js"</script>',
      'offline/index.html',
    );
    expect(bundledScripts(page).map((script) => script.attrs.find((a) => a.name === 'src')!.value)).toEqual([
      '/_astro/a.B1.js',
    ]);
  });
});

describe('the script-priority step', () => {
  it('reads tags, not text: a script tag written inside an inline script is left alone', () => {
    const html =
      '<script>const tag = \'<script type="module" src="/_astro/a.js">\';</script><script type="module" src="/_astro/b.js"></script>';
    const page = new HtmlPage(html, 'index.html');
    lowerScriptPriority.run(page);
    expect(page.state.lowered).toBe(1);
    expect(page.html).toBe(
      html.replace('module" src="/_astro/b.js', 'module" fetchpriority="low" src="/_astro/b.js'),
    );
  });
});

describe('the CSP steps, each on its own', () => {
  it('read the policy: decoded from the attribute, or a problem when the page has none', () => {
    const page = new HtmlPage(
      `<head><meta http-equiv="Content-Security-Policy" content="script-src &#39;self&#39;"></head>`,
      'a.html',
    );
    readPolicy.run(page);
    expect(page.state.csp).toEqual(new Map([['script-src', ["'self'"]]]));
    const none = new HtmlPage('<p>x</p>', 'b.html');
    readPolicy.run(none);
    expect(none.problems).toEqual(['b.html: no Content-Security-Policy <meta> (is security.csp on?)']);
  });

  it('hash the layout scripts: by where the <main> element is, not where "<main" is written', () => {
    const sneaky = 'var s = "<main>";';
    const page = withPolicy(
      `<html><head><script>${sneaky}</script></head><body><main><script>evil()</script></main></body></html>`,
      "script-src 'self'",
    );
    hashLayoutScripts.run(page, plain);
    expect(page.state.csp).toEqual(new Map([['script-src', ["'self'", hash(sneaky)]]]));
    expect(page.problems).toEqual([
      'index.html: an inline script inside <main> has no hash, so the browser blocks it',
    ]);
  });

  it('prune unused hashes: keeps those of this page, drops the others, keeps every other source', () => {
    const used = 'go()';
    const style = 'p{}';
    const page = withPolicy(
      `<head><script>${used}</script><style>${style}</style><script type="application/ld+json">{}</script></head>`,
      `script-src 'self' ${hash(used)} ${hash('other()')} ${hash('{}')}; style-src 'self' ${hash(style)} ${hash('b{}')}; img-src 'self'`,
    );
    pruneUnusedHashes.run(page, plain);
    expect(policyText(page)).toBe(
      `script-src 'self' ${hash(used)}; style-src 'self' ${hash(style)}; img-src 'self'`,
    );
  });

  it('check inline attributes: handlers anywhere (in <template> and <noscript> too), style warned', () => {
    const handler = withPolicy(
      '<template><img src=x onerror="x()"></template>',
      "script-src 'self'",
      't.html',
    );
    checkInlineAttributes.run(handler, plain);
    expect(handler.problems).toEqual([
      't.html: an inline event handler attribute (onclick=...) would be blocked',
    ]);
    const styled = withPolicy(
      '<noscript><p style="color:red">x</p></noscript>',
      "script-src 'self'",
      's.html',
    );
    checkInlineAttributes.run(styled, plain);
    expect(styled.warnings).toEqual([
      's.html: a style="..." attribute is ignored under this policy; use a class',
    ]);
    checkInlineAttributes.run(styled, { ...plain, relax: () => ({}) as never });
    expect(styled.warnings).toHaveLength(1); // not again for /cms/
  });

  it('relax /cms/ or check styles: an unhashed inline <style> is a problem outside /cms/ only', () => {
    const html = '<style>p{}</style>';
    const page = withPolicy(html, "style-src 'self'; script-src 'self'");
    relaxOrCheckStyles.run(page, plain);
    expect(page.problems).toEqual(['index.html: an inline <style> has no hash']);
    const cms = withPolicy(html, "style-src 'self'; script-src 'self'", 'cms/index.html');
    const relax = {
      script: ["'unsafe-eval'"],
      style: ["'unsafe-inline'"],
      connect: ['https://api.github.com'],
      img: ['blob:'],
    };
    relaxOrCheckStyles.run(cms, { ...plain, relax: () => relax });
    expect(cms.problems).toEqual([]);
    expect(policyText(cms)).toBe(
      "style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-eval'; connect-src 'self' https://api.github.com; img-src 'self' blob:",
    );
  });

  it('add connect sources, once each', () => {
    const page = withPolicy('', "connect-src 'self' https://a.test");
    addConnectSources.run(page, { ...plain, extraConnect: () => ['https://a.test', 'http://localhost:*'] });
    expect(policyText(page)).toBe("connect-src 'self' https://a.test http://localhost:*");
  });

  it("refuse unsafe script sources: 'unsafe-inline' always, 'unsafe-eval' outside /cms/", () => {
    const page = withPolicy('', "script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    refuseUnsafeScripts.run(page, plain);
    expect(page.problems).toEqual([
      "index.html: script-src must not allow 'unsafe-inline'",
      "index.html: script-src must not allow 'unsafe-eval'",
    ]);
  });

  it('write the policy right after <meta charset>, or first in <head> without one', () => {
    const meta = '<meta http-equiv="content-security-policy" content="x">';
    const page = withPolicy(
      `<html><head><title>T</title>${meta}<meta charset="utf-8"></head></html>`,
      "script-src 'self'",
    );
    writePolicy.run(page, plain);
    expect(page.html).toBe(
      `<html><head><title>T</title><meta charset="utf-8"><meta http-equiv="content-security-policy" content="script-src 'self'"></head></html>`,
    );
    const bare = withPolicy(`<html><head class="h"><title>T</title>${meta}</head></html>`, "img-src 'self'");
    writePolicy.run(bare, plain);
    expect(bare.html).toBe(
      `<html><head class="h"><meta http-equiv="content-security-policy" content="img-src 'self'"><title>T</title></head></html>`,
    );
  });
});

describe('the pipeline', () => {
  it('runs the script priority first and writes the policy last; hash pruning is its own step', () => {
    expect(PAGE_STEPS[0]).toBe(lowerScriptPriority);
    expect(PAGE_STEPS[1]).toBe(inlineCriticalCss);
    expect(PAGE_STEPS.slice(2)).toEqual(CSP_STEPS);
    expect(PAGE_STEPS.at(-1)).toBe(writePolicy);
    expect(PAGE_STEPS).toContain(pruneUnusedHashes);
    expect(new Set(PAGE_STEPS.map((step) => step.name)).size).toBe(PAGE_STEPS.length);
  });

  it('finishes a page: its scripts started after the largest paint, completed policy first in <head>, nothing else changed', () => {
    const config = 'backend:\n  name: github\n  repo: a/b\n';
    const html =
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>T</title><script>layout()</script>' +
      `<meta http-equiv="content-security-policy" content="script-src 'self' ${hash('gone()')}">` +
      '<script type="module" src="/_astro/page.A1.js"></script></head><body><main><p>Hi</p></main></body></html>';
    const page = runSteps(html, 'index.html', pageContext(config));
    expect(page.problems).toEqual([]);
    const starter = scriptStarter(['/_astro/page.A1.js']);
    expect(page.html).toBe(
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
        `<meta http-equiv="content-security-policy" content="script-src 'self' ${hash('layout()')} ${hash(starter)}">` +
        `<title>T</title><script>layout()</script><script>${starter}</script></head><body><main><p>Hi</p></main></body></html>`,
    );
  });

  it('keeps the script tags, marked low, on the pages drawn by scripts (admin, cms, offline)', () => {
    const html =
      '<!DOCTYPE html><html lang="en"><head><title>T</title>' +
      '<script type="module" src="/_astro/page.A1.js"></script></head><body></body></html>';
    for (const file of ['admin/index.html', 'cms/index.html', 'offline/index.html']) {
      const page = new HtmlPage(html, file);
      lowerScriptPriority.run(page);
      expect(page.html).toBe(html.replace('module" src=', 'module" fetchpriority="low" src='));
    }
  });

  it("relaxes only /cms/ and widens connect-src only on the admin's pages", () => {
    const context = pageContext('backend:\n  name: github\n  repo: a/b\n');
    expect(context.relax('cms/index.html')).toBeDefined();
    expect(context.relax('index.html')).toBeUndefined();
    expect(context.extraConnect('admin/posts/index.html')).toEqual(['https://api.github.com']);
    expect(context.extraConnect('blog/index.html')).toEqual([]);
  });

  it("gives decap-server's address to the CMS and the admin in a loopback build only", () => {
    const config = 'backend:\n  name: github\n  repo: a/b\nlocal_backend: true\n';
    const local = pageContext(config, { siteUrl: 'http://localhost:4321' });
    expect(local.relax('cms/index.html')?.connect).toContain('http://localhost:8081');
    const site = pageContext(config, { siteUrl: 'https://www.example.org' });
    expect(site.relax('cms/index.html')?.connect).toEqual(['https://api.github.com', 'blob:']);
    expect(site.extraConnect('admin/posts/index.html')).toEqual(['https://api.github.com']);
  });
});
