import { describe, expect, it } from 'vitest';
import { picturesNotOnTheWeb, picturesProblem, SERVICE_PICTURES } from '@/lib/text/post-body';

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

  it('reads code fences as CommonMark does', () => {
    const picture = '![P](p.png)';
    // Closed by a fence of the same character at least as long, indented up to three spaces.
    expect(picturesNotOnTheWeb(`~~~\n${picture}\n~~~~\n${picture}`)).toEqual(['p.png']);
    expect(picturesNotOnTheWeb(`   \`\`\`\n${picture}\n  \`\`\`\n${picture}`)).toEqual(['p.png']);
    // Not closed by the other character, a shorter fence or a fence with words after it.
    expect(picturesNotOnTheWeb(`\`\`\`\`\n~~~~\n\`\`\`\n\`\`\`\` js\n${picture}`)).toEqual([]);
    // An unclosed fence runs to the end of the text; inline code is no fence.
    expect(picturesNotOnTheWeb(`\`\`\`\n${picture}`)).toEqual([]);
    expect(picturesNotOnTheWeb(`\`\`\`a\`\`\` inline\n${picture}`)).toEqual(['p.png']);
  });

  it('stays correct on text built to slow a pattern down', () => {
    expect(picturesNotOnTheWeb('!['.repeat(20000) + '](x.png)')).toEqual(['x.png']);
    expect(picturesNotOnTheWeb('<img '.repeat(5000))).toEqual([]);
    expect(picturesNotOnTheWeb('```a\n'.repeat(10000) + '![P](p.png)')).toEqual([]);
  });

  it('checks a service page the same way, naming its own picture field', () => {
    expect(picturesProblem('![Room](./images/room.png)', SERVICE_PICTURES)).toBe(
      'the text shows "./images/room.png": a picture in a service page\'s text must be a web address ' +
        "starting with https://; the page's own picture goes in heroImage",
    );
    expect(picturesNotOnTheWeb('![Room](https://img.example/a\\b.png)')).toEqual([
      'https://img.example/a\\b.png',
    ]);
  });
});
