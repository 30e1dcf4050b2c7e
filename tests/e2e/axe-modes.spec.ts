// The axe helper (tests/e2e/fixtures.ts): after a page's first contrast mode only AXE_COLOUR_RULES
// run (decision 0037), so a defect of one mode only must still be found in it; `include` narrows a run.
import { axeViolations, axeViolationsInModes, openBlankSitePage, test, expect } from './fixtures';

// Readable in normal and high contrast; grey on the dark page in dark mode only; in high contrast
// only, a link told apart from its sentence by a colour too close to the text's. A picture without a
// text alternative is found by the first mode's whole rule set, and only there.
const PAGE = `<!doctype html><html lang="en" data-contrast="normal"><head><title>Modes</title><style>
  html { background: #fff; color: #000; }
  html[data-contrast='dark'] { background: #111; }
  html[data-contrast='dark'] p.note { color: #333; }
  a { color: #000; text-decoration: underline; }
  html[data-contrast='high'] a { color: #111; text-decoration: none; }
</style></head><body><main><h1>Modes</h1><p class="note">Only dark mode hides this.</p>
<p>A sentence with <a href="#x">a link</a> inside it.</p><img src="data:," width="1" height="1"></main></body></html>`;

test('a defect of one contrast mode only is found in that mode, not only in the first', async ({ page }) => {
  await openBlankSitePage(page);
  await page.setContent(PAGE);
  const found = Object.fromEntries(
    (await axeViolationsInModes(page, ['normal', 'dark', 'high'])).map(([mode, v]) => [
      mode,
      v.map((line) => line.split(':')[0]),
    ]),
  );
  expect(found).toEqual({ normal: ['image-alt'], dark: ['color-contrast'], high: ['link-in-text-block'] });
});

test('a run on part of the page checks that part only', async ({ page }) => {
  await openBlankSitePage(page);
  await page.setContent(PAGE);
  expect(await axeViolations(page, { include: 'h1' })).toEqual([]);
  expect((await axeViolations(page, { include: 'main' })).map((line) => line.split(':')[0])).toEqual([
    'image-alt',
  ]);
});
