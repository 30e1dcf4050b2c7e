// The CMS's preview of a post (src/lib/cms/preview.ts): the post page's article from the form's values.
import { describe, expect, it } from 'vitest';
import { previewArticle } from '@/lib/cms/preview';

describe('the preview of a post', () => {
  it('shows the form as the post page does: date, author, tags, picture and text', () => {
    const article = previewArticle(
      {
        title: 'Visual schedules',
        publishedAt: '2025-01-05',
        author: '',
        tags: ['Home', ' Routines ', 'Home'],
        featuredImage: 'images/a.svg',
        featuredImageAlt: 'A schedule.',
        body: '## Why\n\nPictures help.',
      },
      'blob:http://localhost:4321/1',
    );
    expect(article).toEqual({
      title: 'Visual schedules',
      author: 'Admin',
      day: '2025-01-05',
      dateLabel: 'January 5, 2025',
      tags: ['Home', 'Routines'],
      html: '<h2>Why</h2>\n<p>Pictures help.</p>\n',
      image: { src: 'blob:http://localhost:4321/1', alt: 'A schedule.' },
    });
  });

  it('sanitises the text, as the site does', () => {
    const { html } = previewArticle({ body: 'Hi <img src=x onerror="alert(1)"><script>alert(2)</script>' });
    expect(html).not.toMatch(/onerror|<script/);
  });

  it("shows the text's pictures from where the CMS holds them, after sanitising", () => {
    const asked: string[] = [];
    const pictureAt = (address: string) => {
      asked.push(address);
      return `blob:http://localhost:4321/${asked.length}`;
    };
    const { html } = previewArticle(
      {
        body: '![A board](images/board.png)\n\n![A web picture](https://img.example/a.png)\n\n<img src="images/x.png" onerror="alert(1)">',
      },
      undefined,
      pictureAt,
    );
    expect(asked).toEqual(['images/board.png', 'images/x.png']);
    expect(html).toContain('<img src="blob:http://localhost:4321/1" alt="A board" loading="lazy">');
    expect(html).toContain('<img src="https://img.example/a.png" alt="A web picture" loading="lazy">');
    expect(html).toContain('<img src="blob:http://localhost:4321/2" loading="lazy">');
    expect(html).not.toContain('onerror');
  });

  it('shows a new post before its fields are filled in', () => {
    const article = previewArticle({ publishedAt: '2025-1' });
    expect(article).toMatchObject({ title: '', author: 'Admin', tags: [], image: undefined });
    expect(article.day).toMatch(/^\d{4}-\d\d-\d\d$/);
  });
});
