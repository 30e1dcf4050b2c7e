import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cmsRelaxations,
  completePagePolicy,
  headerPolicy,
  originsOf,
  pageDirectives,
  renderHeaders,
} from '../../src/integrations/security.mjs';

const env = {
  contactEndpoint: 'https://forms.example.test/f/contact',
  registrationEndpoint: 'https://forms.example.test/f/registration',
  confirmationEndpoint: 'https://mail.example.test/confirm',
};
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const ASTRO_SCRIPT = 'console.log("bundled")';
const META = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${hash(ASTRO_SCRIPT)}; style-src 'self'">`;

function page(body: string, head = '') {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><script>var layout = 1;</script>${head}${META}</head><body><header><script>var header = 2;</script></header><main>${body}<script>${ASTRO_SCRIPT}</script></main></body></html>`;
}

function policyOf(html: string) {
  const content = /http-equiv="content-security-policy" content="([^"]*)"/.exec(html)![1]!;
  return new Map(content.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));
}

describe('the policies', () => {
  it('allow only this site and the configured endpoints to be reached', () => {
    expect(originsOf(['/api/forms/contact', env.contactEndpoint, env.registrationEndpoint])).toEqual([
      'https://forms.example.test',
    ]);
    const directives = pageDirectives(env);
    expect(directives).toContain("connect-src 'self' https://forms.example.test https://mail.example.test");
    expect(directives).toContain("form-action 'self' https://forms.example.test");
    expect(directives).toContain("object-src 'none'");
    expect(directives).toContain("base-uri 'self'");
    // The development collector is same-origin: nothing to add.
    const dev = { contactEndpoint: '/a', registrationEndpoint: '/b', confirmationEndpoint: '/c' };
    expect(pageDirectives(dev)).toContain("connect-src 'self'");
  });

  it('put framing, plugins and base in the header, which is the same on every path', () => {
    expect(headerPolicy(env)).toBe(
      "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self' https://forms.example.test",
    );
    expect(headerPolicy(env)).not.toMatch(/script-src|default-src|unsafe/);
  });

  it('give the CMS eval, inline styles and its git backend, from admin/config.yml', () => {
    const cms = cmsRelaxations(readFileSync('admin/config.yml', 'utf8'), {
      siteUrl: 'http://localhost:4321',
    });
    expect(cms.script).toEqual(["'unsafe-eval'"]);
    expect(cms.style).toEqual(["'unsafe-inline'"]);
    expect(cms.connect).toContain('https://api.github.com');
    expect(cms.connect).toContain('http://localhost:8081');
    // Decap reads an uploaded file back through fetch(blob:) when it saves the entry.
    expect(cms.connect).toContain('blob:');
    expect(cms.img).toEqual(['blob:']);
    const gitea = cmsRelaxations('backend:\n  name: gitea\n  api_root: https://git.example.org/api/v1\n');
    expect(gitea.connect).toEqual(['https://git.example.org', 'blob:']);
  });
});

describe('completing a page policy after the build', () => {
  it("adds the admin's publishing sources to connect-src only, keeping the hashes", () => {
    const plain = completePagePolicy(page('<p>Posts</p>'), 'admin/posts/index.html');
    const admin = completePagePolicy(page('<p>Posts</p>'), 'admin/posts/index.html', undefined, [
      'https://api.github.com',
      'http://localhost:*',
    ]);
    expect(admin.problems).toEqual([]);
    expect(policyOf(admin.html).get('connect-src')).toEqual([
      ...(policyOf(plain.html).get('connect-src') ?? ["'self'"]),
      'https://api.github.com',
      'http://localhost:*',
    ]);
    expect(policyOf(admin.html).get('script-src')).toEqual(policyOf(plain.html).get('script-src'));
    expect(policyOf(admin.html).get('style-src')).toEqual(policyOf(plain.html).get('style-src'));
  });

  it("hashes the layout's inline scripts and moves the tag right after <meta charset>", () => {
    const { html, problems } = completePagePolicy(page('<p>Hello</p>'), 'index.html');
    expect(problems).toEqual([]);
    expect(html).toMatch(
      /^<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy"/,
    );
    expect(html.match(/content-security-policy/g)).toHaveLength(1);
    const scriptSrc = policyOf(html).get('script-src');
    expect(scriptSrc).toEqual([
      "'self'",
      hash(ASTRO_SCRIPT),
      hash('var layout = 1;'),
      hash('var header = 2;'),
    ]);
  });

  it("drops the hashes of Astro's scripts and styles that this page does not have", () => {
    const unused = hash('console.log("another page")');
    const style = 'p{color:red}';
    const meta = `<meta http-equiv="content-security-policy" content="script-src 'self' ${hash(ASTRO_SCRIPT)} ${unused}; style-src 'self' ${hash(style)} ${hash('b{}')}">`;
    const html = `<!DOCTYPE html><html><head><meta charset="utf-8">${meta}<style>${style}</style></head><body><header><script>${ASTRO_SCRIPT}</script></header><main></main></body></html>`;
    const result = completePagePolicy(html, 'index.html');
    expect(result.problems).toEqual([]);
    expect(policyOf(result.html).get('script-src')).toEqual(["'self'", hash(ASTRO_SCRIPT)]);
    expect(policyOf(result.html).get('style-src')).toEqual(["'self'", hash(style)]);
  });

  it('ignores data blocks such as JSON-LD', () => {
    const jsonLd = '<script type="application/ld+json">{"@type":"Thing"}</script>';
    const { html, problems } = completePagePolicy(page('<p>Hi</p>', jsonLd), 'index.html');
    expect(problems).toEqual([]);
    expect(policyOf(html).get('script-src')).not.toContain(hash('{"@type":"Thing"}'));
  });

  it('never allows an inline script inside <main>: content cannot bless itself', () => {
    const { problems } = completePagePolicy(page('<script>alert(1)</script>'), 'blog/post/index.html');
    expect(problems).toEqual([
      'blog/post/index.html: an inline script inside <main> has no hash, so the browser blocks it',
    ]);
  });

  it('reports inline event handlers and a missing policy', () => {
    expect(completePagePolicy(page('<img src=x onerror="alert(1)">'), 'a.html').problems).toEqual([
      'a.html: an inline event handler attribute (onclick=...) would be blocked',
    ]);
    // Text that reads like a handler inside a quoted value (a post titled so, in og:title) is no handler.
    const quoting = '<meta property="og:title" content="&lt;img src=x onerror=alert(1)&gt; | Blog">';
    expect(completePagePolicy(page('<p>Hi</p>', quoting), 'd.html').problems).toEqual([]);
    expect(completePagePolicy(page('<a title=\'x > y\' onclick="go()">x</a>'), 'e.html').problems).toEqual([
      'e.html: an inline event handler attribute (onclick=...) would be blocked',
    ]);
    expect(completePagePolicy('<html><head></head></html>', 'b.html').problems).toEqual([
      'b.html: no Content-Security-Policy <meta> (is security.csp on?)',
    ]);
  });

  it('warns about style attributes, which the policy ignores', () => {
    expect(completePagePolicy(page('<p style="color:red">Hi</p>'), 'c.html').warnings).toEqual([
      'c.html: a style="..." attribute is ignored under this policy; use a class',
    ]);
  });

  it('relaxes the CMS page only as asked, inline styles replacing the style hashes', () => {
    const relax = {
      script: ["'unsafe-eval'"],
      style: ["'unsafe-inline'"],
      connect: ['https://api.github.com'],
      img: ['blob:'],
    };
    const { html, problems } = completePagePolicy(page('<p>CMS</p>'), 'cms/index.html', relax);
    expect(problems).toEqual([]);
    const policy = policyOf(html);
    expect(policy.get('script-src')).toContain("'unsafe-eval'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.github.com']);
  });
});

describe('dist/_headers', () => {
  it("fills in the template's Content-Security-Policy line and nothing else", () => {
    const template = readFileSync('public/_headers', 'utf8');
    const rendered = renderHeaders(template, headerPolicy(env));
    expect(rendered).toContain(`  Content-Security-Policy: ${headerPolicy(env)}\n`);
    expect(rendered.replace(/^ {2}Content-Security-Policy:.*$/m, '')).toBe(
      template.replace(/^ {2}Content-Security-Policy:.*$/m, ''),
    );
    expect(() => renderHeaders('/*\n  X-Frame-Options: DENY\n', 'x')).toThrow(/Content-Security-Policy/);
  });
});
