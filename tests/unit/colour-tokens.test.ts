// The colour tokens of src/styles/global.css in each contrast mode, against WCAG's ratios: text 4.5:1
// (1.4.3), the edges of fields and the focus ring 3:1 (1.4.11). axe-core checks text on rendered
// pages, but not the edge of a field, which is what shows where a visitor can type.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');

/** The custom properties declared in the first rule with this selector. */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

const normal = tokens(':root');
const MODES: Record<string, Record<string, string>> = {
  normal,
  high: { ...normal, ...tokens("html[data-contrast='high']") },
  dark: { ...normal, ...tokens("html[data-contrast='dark']") },
};

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const BACKGROUNDS = ['page', 'surface', 'surface-strong'];

describe.each(Object.entries(MODES))('colour tokens in %s contrast', (_mode, colours) => {
  it.each(['ink', 'ink-muted'])('%s text is 4.5:1 on every background', (text) => {
    for (const background of BACKGROUNDS)
      expect(contrast(colours[text]!, colours[background]!), background).toBeGreaterThanOrEqual(4.5);
  });

  it('links and buttons: brand on the page, and text on brand, are 4.5:1', () => {
    expect(contrast(colours.brand!, colours.page!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours['on-brand']!, colours.brand!)).toBeGreaterThanOrEqual(4.5);
  });

  it('the edge of a field is 3:1 on every background, and so is the focus ring on the page', () => {
    for (const background of BACKGROUNDS)
      expect(contrast(colours['field-line']!, colours[background]!), background).toBeGreaterThanOrEqual(3);
    expect(contrast(colours.focus!, colours.page!)).toBeGreaterThanOrEqual(3);
  });
});

it('reads the tokens it checks (a renamed token would otherwise pass unseen)', () => {
  for (const colours of Object.values(MODES))
    for (const name of ['ink', 'ink-muted', 'brand', 'on-brand', 'focus', 'field-line', ...BACKGROUNDS])
      expect(colours[name], name).toMatch(/^#[0-9a-f]{6}$/i);
  expect(contrast('#b9c9c6', '#ffffff')).toBeLessThan(3); // the old field edge, 1.7:1
});
