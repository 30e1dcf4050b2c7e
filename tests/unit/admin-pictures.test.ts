// @vitest-environment jsdom
// Pictures in the admin's posts (issue 18): the Image dialog's rules, the save's rule, pasted
// pictures, and Markdown export and import. jsdom: the admin parses HTML with the browser's DOMParser.
import { describe, expect, it } from 'vitest';
import { asEditorHtml } from '@/islands/admin/editor-extensions';
import { bodyToMarkdown, exportProblem, parseMarkdownPost, postToMarkdown } from '@/lib/admin/markdown';
import { renderPostMarkdown } from '@/lib/text/post-file';
import {
  checkPastedPictures,
  PICTURE_MESSAGES,
  pictureProblems,
  resolvePictureInput,
} from '@/lib/admin/picture-input';
import { EMPTY_POST_FORM, postFormSchema } from '@/lib/admin/post-form';
import { PUBLISHED, type Post } from '@/lib/db';
import { readFrontMatter, splitPostFile } from '@/lib/text/post-file';
import { picturesProblem, POST_PICTURES } from '@/lib/text/post-body';
import { impossiblePostDays } from '@/lib/site/dates';

describe('the Image dialog', () => {
  it('takes an https address or a path of this site, with alt text', () => {
    expect(
      resolvePictureInput({ src: ' https://example.org/a.png ', alt: ' A  chart ', decorative: false }),
    ).toEqual({
      ok: true,
      picture: { src: 'https://example.org/a.png', alt: 'A chart' },
    });
    expect(resolvePictureInput({ src: '/_astro/a.webp', alt: 'A chart', decorative: false })).toMatchObject({
      ok: true,
    });
  });

  it('requires alt text unless the picture is marked decorative', () => {
    expect(resolvePictureInput({ src: '/a.webp', alt: '  ', decorative: false })).toEqual({
      ok: false,
      errors: { alt: PICTURE_MESSAGES.altRequired },
    });
    expect(resolvePictureInput({ src: '/a.webp', alt: 'ignored', decorative: true })).toEqual({
      ok: true,
      picture: { src: '/a.webp', alt: '' },
    });
  });

  it('names what is wrong with an address, and what to write', () => {
    const error = (src: string) =>
      (resolvePictureInput({ src, alt: 'x', decorative: false }) as { errors: { src?: string } }).errors.src;
    expect(error('')).toBe(PICTURE_MESSAGES.srcRequired);
    expect(error('http://example.org/a.png')).toBe(PICTURE_MESSAGES.http);
    expect(error('data:image/png;base64,AAAA')).toBe(PICTURE_MESSAGES.embedded);
    expect(error('blob:https://example.org/1234')).toBe(PICTURE_MESSAGES.embedded);
    expect(error('javascript:alert(1)')).toBe(PICTURE_MESSAGES.refused);
    expect(error('images/a.png')).toBe(PICTURE_MESSAGES.refused);
    expect(error('//evil.example/a.png')).toMatch(
      /^That address cannot be used for a picture: it starts with \/\//,
    );
    expect(error('https://user:pw@example.org/a.png')).toBe(
      'That address cannot be used for a picture: it must not contain a user name or password.',
    );
  });
});

describe('saving a post with pictures', () => {
  const save = (content: string) =>
    postFormSchema.safeParse({ ...EMPTY_POST_FORM, title: 'T', excerpt: 'E', content });

  it('refuses a picture without alt text, naming it', () => {
    const result = save('<p>Hi</p><img src="https://example.org/pics/schedule.png">');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['content'],
      message: expect.stringContaining('The picture “schedule.png” has no alt text'),
    });
  });

  it('takes pictures with alt text and decorative ones (alt="")', () => {
    expect(
      save('<img src="/_astro/a.webp" alt="A chart"><img src="https://example.org/b.png" alt="">').success,
    ).toBe(true);
  });

  it('refuses a picture the site cannot show', () => {
    expect(pictureProblems('<img src="http://example.org/a.png" alt="x">')[0]?.message).toContain(
      'The picture “a.png” cannot be saved. ' + PICTURE_MESSAGES.http,
    );
  });
});

describe('pasted pictures', () => {
  it('keeps alt text and asks for it when it is missing', () => {
    const { html, message } = checkPastedPictures(
      '<p>Text</p><img src="https://example.org/a.png" alt="A"><img src="https://example.org/b.png">',
    );
    expect(html).toBe(
      '<p>Text</p><img src="https://example.org/a.png" alt="A"><img src="https://example.org/b.png">',
    );
    expect(message).toMatch(/^The pasted picture “b\.png” has no alt text: select it, press Image/);
  });

  it('leaves out a picture the site cannot show and says why', () => {
    const { html, message } = checkPastedPictures(
      '<p>Text</p><img src="data:image/png;base64,AAAA" alt="A"><img src="http://example.org/c.png" alt="C">',
    );
    expect(html).toBe('<p>Text</p>');
    expect(message).toContain('The pasted picture “data:…” was left out. ' + PICTURE_MESSAGES.embedded);
    expect(message).toContain('The pasted picture “c.png” was left out. ' + PICTURE_MESSAGES.http);
  });

  it('changes nothing in a paste without pictures', () => {
    expect(checkPastedPictures('<p>a &amp; b</p>')).toEqual({ html: '<p>a &amp; b</p>', message: '' });
  });
});

const post = (content: string): Post => ({
  id: 3,
  slug: 'calm-corner',
  isDraft: PUBLISHED,
  title: 'A calm corner',
  excerpt: 'How to set one up.',
  content,
  tags: [],
  author: 'Admin',
  publishedAt: new Date('2025-03-01T15:30:00.000Z'),
  updatedAt: new Date('2025-03-02T10:00:00.000Z'),
});

describe('Markdown export of pictures', () => {
  it('writes each picture as a Markdown picture between the HTML blocks', () => {
    expect(
      bodyToMarkdown(
        '<p>Before</p><img src="https://example.org/a.png" alt="A [big] chart" title="Fig. 1"><p>After</p>',
      ),
    ).toBe('<p>Before</p>\n\n![A \\[big\\] chart](https://example.org/a.png "Fig. 1")\n\n<p>After</p>');
  });

  it('marks a decorative picture as the build reads it', () => {
    expect(bodyToMarkdown('<img src="/_astro/line.webp" alt="">')).toBe(
      '![](/_astro/line.webp "decorative")',
    );
  });

  it("writes a site post's repository pictures back as the files the Markdown named, srcset dropped", () => {
    const built =
      '<p><img src="/_astro/schedule.Ab12.webp" srcset="/_astro/schedule.Ab12_400w.webp 400w" sizes="100vw" ' +
      'alt="A schedule" width="800" height="600" loading="lazy" decoding="async"></p><p>Text</p>';
    const site = {
      source: { file: 'calm.md', pictures: { '/_astro/schedule.Ab12.webp': './images/schedule.svg' } },
    };
    const { content } = readFrontMatter(postToMarkdown(post(built), site));
    expect(content.trim()).toBe('![A schedule](./images/schedule.svg)\n\n<p>Text</p>');
  });

  it('leaves a post without pictures exactly as before', () => {
    expect(bodyToMarkdown('<p>a</p>\n\n<pre>x\n\ny</pre>')).toBe('<p>a</p>&#10;\n<pre>x&#10;\ny</pre>');
  });
});

describe('what the admin exports, the build accepts (issue 28)', () => {
  /** The build's own checks of a post file (src/content.config.ts and the content schema). */
  async function buildProblems(file: string, repositoryFiles: readonly string[]): Promise<string[]> {
    const { postSchema } = await import('@/lib/content/schemas');
    const { z } = await import('astro/zod');
    const context = { image: () => z.string().min(1) } as unknown as Parameters<typeof postSchema>[0];
    const parts = splitPostFile(file);
    if (!parts) return ['no front matter'];
    const checked = await postSchema(context).safeParseAsync(readFrontMatter(file).data);
    return [
      impossiblePostDays(parts.frontMatter),
      picturesProblem(parts.body, POST_PICTURES, { fileExists: (name) => repositoryFiles.includes(name) }),
      ...(checked.error?.issues ?? []).map((issue) => issue.message),
    ].filter((problem): problem is string => problem !== undefined);
  }

  const site = {
    source: { file: 'calm.md', pictures: { '/_astro/schedule.Ab12.webp': './images/schedule.svg' } },
  };
  const sitePicture = '<p><img src="/_astro/schedule.Ab12.webp" alt="A schedule"></p>';
  const webPicture = '<img src="https://example.org/chart.png" alt="A chart">';
  const editorPicture = '<img src="/images/team-photo.webp" alt="The team">';

  it('exports a site picture and an https picture as a file that builds without an edit', async () => {
    const exported = {
      ...post(`${sitePicture}<p>Text</p>${webPicture}`),
      featuredImage: 'https://example.org/cover.webp',
    };
    expect(exportProblem(exported, site)).toBeUndefined();
    const file = postToMarkdown(exported, site);
    expect(await buildProblems(file, ['schedule.svg'])).toEqual([]);
  });

  it('marks decorative pictures as the build reads them, in a list and among words too', async () => {
    // The editor puts a picture in a list item; an imported post keeps one among words.
    const exported = post(
      '<ul><li><p>Step one</p><img src="https://example.org/a.png" alt=""></li></ul>' +
        '<p>Words <img src="https://example.org/b.png" alt=""> and <img src="https://example.org/c.png" alt="C" title="Decorative"></p>' +
        '<img src="https://example.org/d.png" alt="A chart" title="decorative">',
    );
    const file = postToMarkdown(exported);
    expect(await buildProblems(file, [])).toEqual([]);
    expect(file).toContain('<img src="https://example.org/a.png" alt="" title="decorative">');
    expect(file).toContain('![A chart](https://example.org/d.png)');
  });

  it('refuses a picture given as a path of this site, naming it and saying what to do', async () => {
    const exported = post(`${sitePicture}${editorPicture}${webPicture}`);
    // Without the refusal the file would stop the build.
    expect((await buildProblems(postToMarkdown(exported, site), ['schedule.svg'])).join()).toContain(
      '"/images/team-photo.webp": a path of the website cannot be checked by the build',
    );
    expect(exportProblem(exported, site)).toBe(
      '“A calm corner”: The picture “team-photo.webp” is a file of this site, which a Markdown file cannot ' +
        'take with it, so the build would refuse the file. Use “Publish to website”, which sends the ' +
        'pictures with the post, or select each picture, press Image and give it an https:// address.',
    );
    expect(exportProblem(exported)).toContain(
      'The pictures “schedule.Ab12.webp”, “team-photo.webp” are files',
    );
  });
});

/** The pictures of some HTML as [src, alt] (alt null when there is none). */
const picturesOf = (html: string) =>
  [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('img')].map((img) => [
    img.getAttribute('src'),
    img.getAttribute('alt'),
  ]);

describe('Markdown import of pictures', () => {
  it('reads an exported post with pictures back as the same post (round trip)', () => {
    const content =
      '<p>Before</p><img src="https://example.org/a.png" alt="A [big] chart">' +
      '<img src="/_astro/line.webp" alt=""><p>After</p>';
    const result = parseMarkdownPost('calm-corner.md', postToMarkdown(post(content)));
    const imported = result.ok ? result.post.content : '';
    expect(picturesOf(imported)).toEqual([
      ['https://example.org/a.png', 'A [big] chart'],
      ['/_astro/line.webp', ''],
    ]);
    // The editor reads it as the same post.
    expect(asEditorHtml(imported)).toBe(asEditorHtml(content));
  });

  it('reads Markdown pictures: alt text and title, the decorative marker, and none', () => {
    expect(
      renderPostMarkdown(
        '![A schedule](./images/schedule.svg "Fig. 1")\n\n![](./images/line.svg "decorative")\n\n' +
          '![](./images/unnamed.svg)\n\n![A <b> & "c"](<./images/a (1).svg>)',
      ),
    ).toBe(
      '<p><img src="./images/schedule.svg" alt="A schedule" title="Fig. 1"></p>\n' +
        '<p><img src="./images/line.svg" alt=""></p>\n' +
        // No alt text and no decorative marker: no alt, so the editor asks for one.
        '<p><img src="./images/unnamed.svg"></p>\n' +
        '<p><img src="./images/a (1).svg" alt="A &lt;b&gt; &amp; &quot;c&quot;"></p>\n',
    );
  });
});

describe('an imported post with repository pictures', () => {
  it('can be saved (the export writes the file back)', () => {
    expect(pictureProblems('<img src="./images/schedule.svg" alt="A schedule">')).toEqual([]);
  });
});
