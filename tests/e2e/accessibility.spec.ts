import { expect, expectNoAxeViolations, test } from './fixtures';
import { CONTRAST_MODES, PUBLIC_PAGES } from './pages';

// The panel's largest text on the narrowest screen WCAG asks for (320 CSS px): nothing may need
// sideways scrolling, and the header, grown to two rows, scrolls away instead of staying fixed.
test.describe('the largest text at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const path of [...PUBLIC_PAGES, '/blog', '/blog/visual-schedules-a-practical-guide', '/login']) {
    test(`${path} reflows at 150 % text`, async ({ page }) => {
      await page.addInitScript(() =>
        sessionStorage.setItem('a11y-preferences', JSON.stringify({ textSize: 150 })),
      );
      await page.goto(path);
      await expect(page.locator('html')).toHaveCSS('font-size', '24px');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      const menu = page.getByRole('button', { name: 'Menu' });
      const box = (await menu.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      await expect(page.locator('[data-site-header]')).toHaveAttribute('data-static', '');
    });
  }

  test('at 100 % text the header stays fixed', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-site-header]')).not.toHaveAttribute('data-static');
    await expect(page.locator('[data-site-header]')).toHaveCSS('position', 'fixed');
  });
});

// axe-core on every public page, in each contrast mode, at the project's width (desktop and phone).
for (const path of [...PUBLIC_PAGES, '/no-such-page']) {
  for (const mode of CONTRAST_MODES) {
    test(`${path} has no axe violations in ${mode} contrast`, { tag: '@layout' }, async ({ page }) => {
      await page.addInitScript((contrast) => {
        sessionStorage.setItem('a11y-preferences', JSON.stringify({ contrast }));
      }, mode);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-contrast', mode);
      // Reveal animations finish (reduced motion) before contrast is measured.
      await expectNoAxeViolations(page);
    });
  }
}
