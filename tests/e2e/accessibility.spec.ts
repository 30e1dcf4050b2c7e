import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { CONTRAST_MODES, PUBLIC_PAGES } from './pages';

// axe-core on every public page, in each contrast mode, at the project's width (desktop and phone).
for (const path of [...PUBLIC_PAGES, '/no-such-page']) {
  for (const mode of CONTRAST_MODES) {
    test(`${path} has no axe violations in ${mode} contrast`, async ({ page }) => {
      await page.addInitScript((contrast) => {
        sessionStorage.setItem('a11y-preferences', JSON.stringify({ contrast }));
      }, mode);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-contrast', mode);
      // Reveal animations finish before contrast is measured.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }
}
