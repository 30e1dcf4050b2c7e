import { expect, test } from './fixtures';

test.describe('production server', () => {
  test('serves the home page with the security headers of public/_headers', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('answers an unknown path with the 404 page and status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  });

  test('compresses text responses', async ({ request }) => {
    const response = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers()['content-encoding']).toBe('gzip');
  });
});
