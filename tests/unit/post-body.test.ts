import { describe, expect, it } from 'vitest';
import {
  pictureProblems,
  picturesInText,
  picturesProblem,
  repositoryPictureName,
  SERVICE_PICTURES,
} from '@/lib/text/post-body';

const addresses = (markdown: string) => picturesInText(markdown).map((picture) => picture.address);
const files = new Set(['schedule.svg', 'photo.jpg']);
const fileExists = (name: string) => files.has(name);
const problems = (markdown: string) => pictureProblems(markdown, undefined, { fileExists });

describe('pictures in a post text: finding them', () => {
  it('finds Markdown and HTML pictures with their alt text and title, in reading order', () => {
    const text = [
      '![One](images/one.svg)',
      '![Two *bold*](./images/two.png "A title")',
      '![Three](<images/with space.png>)',
      "<IMG alt='Five' SRC='data:image/png;base64,AAAA'>",
      'Words with an inline <img src="https://example.org/six.png" alt=""> picture.',
      '![Seven][ref]\n\n[ref]: ./images/seven.jpg "decorative"',
    ].join('\n\n');
    expect(picturesInText(text)).toEqual([
      { address: 'images/one.svg', alt: 'One', title: undefined, syntax: 'markdown' },
      { address: './images/two.png', alt: 'Two *bold*', title: 'A title', syntax: 'markdown' },
      { address: 'images/with space.png', alt: 'Three', title: undefined, syntax: 'markdown' },
      { address: 'data:image/png;base64,AAAA', alt: 'Five', title: undefined, syntax: 'html' },
      { address: 'https://example.org/six.png', alt: '', title: undefined, syntax: 'html' },
      { address: './images/seven.jpg', alt: 'Seven', title: 'decorative', syntax: 'markdown' },
    ]);
  });

  it('leaves code examples alone, and a text without pictures has none', () => {
    expect(addresses('```md\n![Example](images/x.png)\n```\n\nJust words.')).toEqual([]);
    expect(addresses('Inline code: `![Example](images/x.png)`.')).toEqual([]);
    expect(addresses('A link, not a picture: [schedule](/blog/visual-schedules).')).toEqual([]);
    expect(addresses(`~~~\n![P](p.png)\n~~~~\n![P](q.png)`)).toEqual(['q.png']);
    expect(addresses(`\`\`\`\n![P](p.png)`)).toEqual([]);
  });

  it('stays quick on text built to slow a parser down', () => {
    const started = Date.now();
    expect(addresses('!['.repeat(20000) + '](x.png)')).toEqual(['x.png']);
    expect(addresses('<img '.repeat(5000))).toHaveLength(0);
    expect(addresses('```a\n'.repeat(10000) + '![P](p.png)')).toEqual([]);
    // Generous: each takes well under a second; a pattern that backtracks takes minutes.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('names the files of content/posts/images, as the post and as Decap CMS write them', () => {
    expect(repositoryPictureName('./images/a.svg')).toBe('a.svg');
    expect(repositoryPictureName('images/photo.JPG')).toBe('photo.JPG');
    expect(repositoryPictureName('./images/sub/a.svg')).toBeUndefined();
    expect(repositoryPictureName('../images/a.svg')).toBeUndefined();
    expect(repositoryPictureName('./images/notes.txt')).toBeUndefined();
    expect(repositoryPictureName('./images/a.svg?x=1')).toBeUndefined();
  });
});

describe('pictures in a post text: the rule', () => {
  it('accepts repository pictures that exist and web pictures, each with alt text', () => {
    expect(
      problems(
        [
          '![A schedule](./images/schedule.svg)',
          '![A photo](images/photo.jpg "At the park")',
          '![A web picture](https://pictures.example.org/a.png)',
          '<img src="https://pictures.example.org/b.png" alt="Another">',
        ].join('\n\n'),
      ),
    ).toEqual([]);
  });

  it('stops at a missing file, naming the picture and the folder', () => {
    expect(problems('![A schedule](./images/missing.svg)')).toEqual([
      'the picture "./images/missing.svg": there is no file missing.svg in content/posts/images',
    ]);
  });

  it('stops at a picture without alt text, and says how to mark a decorative one', () => {
    expect(problems('![](./images/schedule.svg)')).toEqual([
      'the picture "./images/schedule.svg": it has no alt text: describe it between the brackets, ' +
        '![A child\'s picture schedule](...), or mark a decorative picture ![](... "decorative")',
    ]);
    expect(problems('![  ](https://pictures.example.org/a.png)')).toHaveLength(1);
    expect(problems('<img src="https://pictures.example.org/a.png">')[0]).toContain('alt=""');
  });

  it('takes an empty alt text marked decorative, and refuses the marker beside alt text', () => {
    expect(problems('![](./images/schedule.svg "decorative")')).toEqual([]);
    expect(problems('![](https://pictures.example.org/line.png "Decorative")')).toEqual([]);
    expect(problems('<img src="https://pictures.example.org/a.png" alt="" title="decorative">')).toEqual([]);
    expect(problems('![A schedule](./images/schedule.svg "decorative")')).toEqual([
      'the picture "./images/schedule.svg": it is marked "decorative" but has alt text: keep one of the two',
    ]);
  });

  it('refuses addresses the site cannot show or the build cannot check, saying what to write', () => {
    const [http, data, sitePath, elsewhere, notPicture, html, protocolRelative, backslash] = [
      '![A](http://example.org/a.png)',
      '![A](data:image/png;base64,AAAA)',
      '![A](/_astro/a.webp)',
      '![A](../assets/a.png)',
      '![A](./images/notes.txt)',
      '<img src="./images/schedule.svg" alt="A">',
      '![A](//evil.example/a.png)',
      '![A](https://img.example/a\\b.png)',
    ].map((markdown) => problems(markdown).join());
    expect(http).toContain('must be a web address starting with https://');
    expect(data).toContain('must be a web address starting with https://');
    expect(sitePath).toContain('put the file in content/posts/images and write ./images/name.jpg');
    expect(elsewhere).toContain('must be a file in content/posts/images');
    expect(notPicture).toContain('it is not a picture file');
    expect(html).toContain('write a picture from the repository as ![Alt text](./images/name.jpg)');
    expect(protocolRelative).toContain('another website');
    expect(backslash).toContain('backslash');
  });

  it('joins every problem in one message, and is silent when there is none', () => {
    expect(picturesProblem('Just words.')).toBeUndefined();
    expect(picturesProblem('![](./images/a.svg)\n\n![B](http://b.example/b.png)')?.split('; ')).toHaveLength(
      2,
    );
  });

  it('keeps a service page to web pictures, naming its own picture field', () => {
    expect(picturesProblem('![Room](./images/room.png)', SERVICE_PICTURES)).toBe(
      'the picture "./images/room.png": a picture in a service page\'s text must be a web address ' +
        "starting with https://; the page's own picture goes in heroImage",
    );
    expect(picturesProblem('![Room](https://img.example/room.png)', SERVICE_PICTURES)).toBeUndefined();
  });
});

describe('pictures written as HTML, and addresses at the edges', () => {
  it('reads src and alt as attributes of their own, quoted or not', () => {
    expect(
      picturesInText('<img data-src="https://a.example/x.png" src=https://images.example/a.png alt=Chart>'),
    ).toMatchObject([{ address: 'https://images.example/a.png', alt: 'Chart', syntax: 'html' }]);
    // The real src is checked, not the data-src a script might read.
    expect(
      pictureProblems('<img data-src="https://a.example/x.png" src="http://insecure.example/a.png" alt="A">'),
    ).toHaveLength(1);
  });

  it('checks a picture whose tag the text never closes: on the page, the next > closes it', () => {
    expect(addresses('<div>\n<img src="http://insecure.example/a.png" alt="A"')).toEqual([
      'http://insecure.example/a.png',
    ]);
  });

  it('names the address problem itself in a page that takes only web addresses', () => {
    expect(picturesProblem('![Room](//cdn.example/room.png)', SERVICE_PICTURES)).toMatch(
      /: its address starts with \/\/, which a browser reads as another website/,
    );
  });

  it('tells a picture outside images/ from a file that is no picture, also with a query', () => {
    expect(picturesProblem('![A](./photos/a.png?v=1)')).toMatch(/must be a file in content\/posts\/images/);
    expect(repositoryPictureName('./images/a?.png')).toBeUndefined();
  });
});
