import { describe, expect, it } from 'vitest';
import { picturesNotOnTheWeb } from '@/lib/post-body';

describe('pictures in a post text', () => {
  it('finds Markdown and HTML pictures that are not https web addresses', () => {
    const text = [
      '![One](images/one.svg)',
      '![Two](./images/two.png "A title")',
      '![Three](<images/with space.png>)',
      '![Four](http://example.org/four.png)',
      '<img src="/_astro/five.webp" alt="">',
      "<IMG alt='' SRC='data:image/png;base64,AAAA'>",
      '![](https://example.org/fine.png)',
      '<img src="https://example.org/fine-too.png">',
    ].join('\n\n');
    expect(picturesNotOnTheWeb(text)).toEqual([
      'images/one.svg',
      './images/two.png',
      'images/with space.png',
      'http://example.org/four.png',
      '/_astro/five.webp',
      'data:image/png;base64,AAAA',
    ]);
  });

  it('leaves code examples alone, and a text without pictures has none', () => {
    expect(picturesNotOnTheWeb('```md\n![Example](images/x.png)\n```\n\nJust words.')).toEqual([]);
    expect(picturesNotOnTheWeb('A link, not a picture: [schedule](/blog/visual-schedules).')).toEqual([]);
  });
});
