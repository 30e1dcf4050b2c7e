// The axe helper's contrast modes (tests/e2e/fixtures.ts, decision 0037): the modes after the first
// run only AXE_COLOUR_RULES, so a defect that shows in one mode only must still be found in it.
import { axeViolationsInModes, openBlankSitePage, test, expect } from './fixtures';

// Readable in normal and high contrast; grey on the dark page in dark mode only; in high contrast
// only, a link told apart from its sentence by a colour too close to the text's.
const PAGE = `<!doctype html><html lang="en" data-contrast="normal"><head><title>Modes</title><style>
  html { background: #fff; color: #000; }
  html[data-contrast='dark'] { background: #111; }
  html[data-contrast='dark'] p.note { color: #333; }
  a { color: #000; text-decoration: underline; }
  html[data-contrast='high'] a { color: #111; text-decoration: none; }
</style></head><body><main><h1>Modes</h1><p class="note">Only dark mode hides this.</p>
<p>A sentence with <a href="#x">a link</a> inside it.</p></main></body></html>`;

test('a defect of one contrast mode only is found in that mode, not only in the first', async ({ page }) => {
  await openBlankSitePage(page);
  await page.setContent(PAGE);
  const found = Object.fromEntries(
    (await axeViolationsInModes(page, ['normal', 'dark', 'high'])).map(([mode, v]) => [
      mode,
      v.map((line) => line.split(':')[0]),
    ]),
  );
  expect(found).toEqual({ normal: [], dark: ['color-contrast'], high: ['link-in-text-block'] });
});
