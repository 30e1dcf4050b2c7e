// Privacy (issue 32): no public page asks another site for anything, every form and every footer
// links the privacy page, and the registration this browser keeps can be seen and deleted there.
import type { Request } from '@playwright/test';
import { FORM_ENDPOINTS } from '../../playwright.config';
import { choose, expect, expectNoAxeViolations, requestsSettle, test } from './fixtures';
import { PUBLIC_PAGES } from './pages';

const PRIVACY_LINK = 'How we handle your information';

test.describe('privacy', () => {
  test('no public page sends a request to another origin, even with its islands in use', async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    const origin = new URL(baseURL!).origin;
    const elsewhere: string[] = [];
    // On the context: the service worker's requests count too.
    const record = (request: Request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) elsewhere.push(request.url());
    };
    context.on('request', record);
    const waitForRequests = requestsSettle(context);
    // The page has settled when nothing it asked for is left once its load, pictures, a frame, a task
    // and an idle moment have passed, instead of half a second of a quiet network after each step.
    const settled = () => waitForRequests(page);
    const pages = [...PUBLIC_PAGES, '/blog', '/blog/visual-schedules-a-practical-guide-for-families'];
    for (const path of pages) {
      await page.goto(path);
      await settled();
      // Every island in use, as a visitor's first touch does: hover and focus inside each.
      // (The events as locator.dispatchEvent makes them, all in one call to the page.)
      await page.locator('astro-island').evaluateAll((islands) => {
        for (const island of islands) {
          island.dispatchEvent(
            new PointerEvent('pointerover', { bubbles: true, cancelable: true, composed: true }),
          );
          island.dispatchEvent(
            new FocusEvent('focusin', { bubbles: true, cancelable: true, composed: true }),
          );
        }
      });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await settled();
      // And every page's footer links the privacy page.
      await expect(
        page.locator('footer').getByRole('link', { name: 'Privacy', exact: true }),
        path,
      ).toHaveAttribute('href', '/privacy');
    }
    expect(elsewhere).toEqual([]);
  });

  test('each form says where it goes and links the privacy page, right under it', async ({ page }) => {
    for (const [path, form] of [
      ['/', '#contact-form'],
      ['/training', '#registration-form'],
    ] as const) {
      await page.goto(path);
      // Next to the form's island: under its submit button, and there without JavaScript too.
      const note = page.locator(`astro-island:has(${form}) + [data-privacy-note]`);
      await expect(note, path).toContainText("goes by email to our practice's inbox");
      await expect(note.getByRole('link', { name: PRIVACY_LINK }), path).toHaveAttribute('href', '/privacy');
    }
    await page.goto('/');
    const contactNote = page.locator('astro-island:has(#contact-form) + [data-privacy-note]');
    await expect(contactNote).toContainText('leave out health details');
    await contactNote.getByRole('link', { name: PRIVACY_LINK }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
    await expect(page.getByText(/^Last changed /)).toBeVisible();
  });

  test('the registration kept in this browser can be seen and deleted on the privacy page', async ({
    page,
  }) => {
    for (const url of [FORM_ENDPOINTS.registration, FORM_ENDPOINTS.confirmation]) {
      await page.route(url, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true,"success":true}' }),
      );
    }
    await page.goto('/training#register');
    const form = page.locator('#registration-form');
    await form.getByLabel(/^Full name/).fill('Priya Natarajan');
    await form.getByLabel(/^Email/).fill('priya@example.com');
    await form.getByLabel(/^Phone/).fill('+1 (647) 555-0190');
    await form.getByLabel(/^Highest level of education/).selectOption('bachelors');
    await form.getByLabel(/^Years of work experience/).fill('3');
    await choose(page.locator('#registration-course-both'));
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('#registration-status')).toContainText('Registration submitted successfully');

    await page.goto('/privacy');
    const section = page.getByRole('region', { name: 'Your saved registration' });
    // The first press hydrates the island and is replayed: nothing is lost.
    await section.getByRole('button', { name: 'Show my saved registration' }).click();
    const saved = section.getByRole('article');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText('Priya Natarajan');
    await expect(saved).toContainText('priya@example.com');
    await expect(saved).toContainText('Both courses');
    await expectNoAxeViolations(page);

    await saved.getByRole('button', { name: 'Delete this registration' }).press('Enter');
    const status = section.getByRole('status');
    await expect(status).toContainText(/was deleted from this browser\./);
    await expect(status.locator('[tabindex="-1"]')).toBeFocused();
    await expect(section.getByRole('article')).toHaveCount(0);

    // Gone from the browser's storage, not only from the page.
    const left = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('BlogDatabase');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('registrations').objectStore('registrations').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
        }),
    );
    expect(left).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Show my saved registration' }).click();
    await expect(page.getByText('This browser keeps no course registration.')).toBeVisible();
  });
});
