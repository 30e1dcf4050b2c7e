// Decap CMS at /cms/: Decap validates admin/config.yml itself when it starts, so a config it rejects
// shows its error screen instead of the sign-in. Public pages never download the CMS.
import { expect, requestsSettle, test } from './fixtures';
import { PUBLIC_PAGES } from './pages';

test.describe('Decap CMS', () => {
  test('starts with our configuration and offers sign-in, kept out of search engines', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto('/cms/');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    // The git host's sign-in popup must be able to answer through window.opener.
    expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    // The fast-refresh hook the post preview needs under `npm run cms` is for the dev server only.
    expect(await response?.text()).not.toContain('@react-refresh');
    await expect(page.getByRole('button', { name: /login/i })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/error loading the cms configuration/i)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('no public page loads its script', async ({ page, context }) => {
    const settled = requestsSettle(context);
    await page.goto('/cms/');
    const cmsScript = await page.locator('script[type="module"][src]').first().getAttribute('src');
    expect(cmsScript).toBeTruthy();
    let seen = 0;
    for (const path of [...PUBLIC_PAGES, '/blog']) {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await settled(page);
      expect(scripts, path).not.toContain(cmsScript);
      // Nor Decap's own bundle, nor the CMS's widgets, whatever imports them.
      expect(
        scripts.filter((script) => /^\/_astro\/(decap-cms\/|decap-inputs\.)/.test(script)),
        path,
      ).toEqual([]);
      seen += scripts.length;
      page.removeAllListeners('request');
    }
    // The pages' own scripts were seen, so the listener saw what the pages loaded.
    expect(seen).toBeGreaterThan(0);
  });
});
