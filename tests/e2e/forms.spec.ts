import type { Page, Route } from '@playwright/test';
import { FORM_ENDPOINTS } from '../../playwright.config';
import { choose, expect, expectNoAxeViolations, test } from './fixtures';

type Captured = { body: unknown; headers: Record<string, string> }[];

/** Answers an endpoint like the real service would, and records what the page sent. */
async function answer(page: Page, url: string, status: number, json: unknown, captured: Captured = []) {
  await page.route(url, async (route: Route) => {
    captured.push({ body: route.request().postDataJSON(), headers: route.request().headers() });
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(json) });
  });
  return captured;
}

test.describe('contact form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/#contact');
    // Arriving at #contact scrolls there and focuses the first field; start typing after that.
    await expect(page.locator('#contact-name')).toBeFocused();
  });

  test('sends the message as JSON and thanks the visitor', { tag: '@layout' }, async ({ page }) => {
    const sent = await answer(page, FORM_ENDPOINTS.contact, 200, { ok: true });
    const form = page.locator('#contact-form');
    await form.getByLabel(/^Name/).fill("Anne-Marie O'Brien");
    await form.getByLabel(/^Email/).fill('anne@example.com');
    await form.getByLabel(/^Phone/).fill('(905) 555-0134');
    await form.getByLabel(/^Message/).fill('We would like to ask about group sessions for our son.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact-status')).toContainText(
      "Thank you for your message. We'll get back to you soon!",
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      name: "Anne-Marie O'Brien",
      email: 'anne@example.com',
      phone: '(905) 555-0134',
      message: 'We would like to ask about group sessions for our son.',
    });
    expect(sent[0]!.headers['content-type']).toBe('application/json');
    expect(sent[0]!.headers['accept']).toBe('application/json');
    await expect(form.getByLabel(/^Name/)).toHaveValue('');
  });

  // What the browser may still be waiting for, or fail to get: the form's own code, or Astro's island
  // runtime, which on the public pages is a file started after the largest paint (decision 0048).
  for (const { code, missing, file } of [
    // Also Astro's retry (?astro-retry=...).
    { code: 'the island', missing: 'its code', file: /\/_astro\/ContactForm\.[^/?]+\.js(\?.*)?$/ },
    // Also the starter's retry (?retry=...).
    {
      code: "Astro's island runtime",
      missing: "Astro's island runtime",
      file: /\/_astro\/astro-island\.[^/?]+\.js(\?.*)?$/,
    },
  ]) {
    test(`a submit made before ${code} has loaded is kept and sent once it has`, async ({ page }) => {
      const sent = await answer(page, FORM_ENDPOINTS.contact, 200, { ok: true });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(file, async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      // Like a visitor, start once the page has scrolled to the form (a press during the smooth
      // scroll could land beside the moving button).
      await expect(page.locator('#contact-name')).toBeFocused();
      const form = page.locator('#contact-form');
      await expect(form).toHaveJSProperty('noValidate', true); // the directive's, React has not run
      await form.getByLabel(/^Name/).fill('Zoë Tremblay');
      await form.getByLabel(/^Email/).fill('zoe@example.com');
      await form.getByLabel(/^Message/).fill('Typed and sent before the page finished loading.');
      await form.getByRole('button', { name: 'Send Message' }).click();
      expect(page.url()).toMatch(/127\.0\.0\.1/); // no native post to the endpoint
      expect(sent).toHaveLength(0);
      release();
      await expect(page.locator('#contact-status')).toContainText('Thank you for your message.');
      expect(sent).toHaveLength(1);
      expect((sent[0]!.body as { name: string }).name).toBe('Zoë Tremblay');
    });

    test(`says so when ${missing} cannot be downloaded, keeps the text, and works once it can`, async ({
      page,
    }) => {
      const sent = await answer(page, FORM_ENDPOINTS.contact, 200, { ok: true });
      await page.route(file, (route) => route.abort('internetdisconnected'));
      await page.reload();
      await expect(page.locator('#contact-name')).toBeFocused();
      const form = page.locator('#contact-form');
      await form.getByLabel(/^Name/).fill('Zoë Tremblay');
      await form.getByLabel(/^Email/).fill('zoe@example.com');
      await form.getByLabel(/^Message/).fill('Is there a wait list for group sessions?');
      await form.getByRole('button', { name: 'Send Message' }).click();
      const failed = page.getByRole('alert').filter({ hasText: 'This part of the page could not load.' });
      await expect(failed).toBeVisible();
      await expect(form.getByLabel(/^Message/)).toHaveValue('Is there a wait list for group sessions?');
      expect(sent).toHaveLength(0);

      // Pressed again, still without a connection: said again, from the same notice.
      await expect(failed).toHaveText(/Nothing you typed is lost\.$/);
      await page.evaluate(() => {
        const notice = document.querySelector('.island-failed')!;
        const said: string[] = ((window as unknown as { said: string[] }).said = []);
        new MutationObserver(() => {
          if (notice.textContent) said.push(notice.textContent);
        }).observe(notice, { childList: true, characterData: true, subtree: true });
      });
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { said: string[] }).said))
        .toEqual([
          'This part of the page could not load. Please check your connection and try again. Nothing you typed is lost.',
        ]);
      await expect(page.getByRole('alert').filter({ hasText: 'could not load' })).toHaveCount(1);
      expect(sent).toHaveLength(0);

      await page.unroute(file); // the connection is back: the next press loads the form
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.locator('#contact-status')).toContainText(
        "Thank you for your message. We'll get back to you soon!",
      );
      expect(sent).toHaveLength(1);
      await expect(failed).toHaveCount(0);
    });
  }

  test('asks for a reload, not a better connection, when a deploy removed the form’s code', async ({
    page,
  }) => {
    // A static host keeps only the last build's files: a page opened before a deploy names code
    // that is gone.
    await page.route(/\/_astro\/ContactForm\.[^/?]+\.js(\?.*)?$/, (route) =>
      route.fulfill({ status: 404, body: 'Not found' }),
    );
    await page.reload();
    await expect(page.locator('#contact-name')).toBeFocused();
    const form = page.locator('#contact-form');
    await form.getByLabel(/^Message/).fill('Typed before the form could start.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'the website was updated' })).toContainText(
      'Please reload the page',
    );
    await expect(form.getByLabel(/^Message/)).toHaveValue('Typed before the form could start.');
  });

  test('shows field errors under the inputs and sends nothing', { tag: '@layout' }, async ({ page }) => {
    const sent = await answer(page, FORM_ENDPOINTS.contact, 200, { ok: true });
    const form = page.locator('#contact-form');
    await form.getByLabel(/^Name/).fill('J');
    await form.getByLabel(/^Email/).fill('not-an-address');
    await form.getByLabel(/^Phone/).fill('12');
    await form.getByLabel(/^Message/).fill('  short  ');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact-name-error')).toHaveText('Name must be at least 2 characters');
    await expect(page.locator('#contact-email-error')).toHaveText('Please enter a valid email address');
    await expect(page.locator('#contact-phone-error')).toHaveText('Please enter a valid phone number');
    await expect(page.locator('#contact-message-error')).toHaveText('Message must be at least 10 characters');
    await expect(form.getByLabel(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel(/^Name/)).toBeFocused();
    // Editing a field clears its error only.
    await form.getByLabel(/^Name/).fill('Jo');
    await expect(page.locator('#contact-name-error')).toHaveCount(0);
    await expect(page.locator('#contact-email-error')).toBeVisible();
    expect(sent).toHaveLength(0);
  });

  test("shows the service's error and keeps what the visitor wrote", { tag: '@layout' }, async ({ page }) => {
    await answer(page, FORM_ENDPOINTS.contact, 422, { errors: [{ message: 'Email is blocked' }] });
    const form = page.locator('#contact-form');
    await form.getByLabel(/^Name/).fill('김민준');
    await form.getByLabel(/^Email/).fill('minjun@example.com');
    await form.getByLabel(/^Message/).fill('مرحبا، I would like more information, please.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact-alert')).toContainText('Email is blocked');
    await expect(form.getByLabel(/^Name/)).toHaveValue('김민준');
    await expect(form.getByLabel(/^Message/)).toHaveValue('مرحبا، I would like more information, please.');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test(
    'disables the form and reads Sending... while the message is on its way',
    { tag: '@layout' },
    async ({ page }) => {
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(FORM_ENDPOINTS.contact, async (route) => {
        await released;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
      });
      const form = page.locator('#contact-form');
      await form.getByLabel(/^Name/).fill('Zoë');
      await form.getByLabel(/^Email/).fill('zoe@example.com');
      await form.getByLabel(/^Message/).fill('Could you call me back about caregiver training?');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      // aria-disabled, not disabled: the button keeps keyboard focus while the form waits.
      await expect(form.getByRole('button', { name: 'Sending...' })).toBeFocused();
      await expect(form.getByLabel(/^Email/)).toBeDisabled();
      release();
      await expect(page.locator('#contact-alert')).toContainText('Failed to send message');
    },
  );

  test('a script payload is sent as plain text and never runs', async ({ page }) => {
    const sent = await answer(page, FORM_ENDPOINTS.contact, 400, {
      error: '<img src=x onerror="window.__pwned=1">',
    });
    const form = page.locator('#contact-form');
    await form.getByLabel(/^Name/).fill('Sam Lee');
    await form.getByLabel(/^Email/).fill('sam@example.com');
    await form.getByLabel(/^Message/).fill('<script>window.__pwned = 1</script> hello there');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact-alert')).toContainText('<img src=x');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect((sent[0]!.body as { message: string }).message).toBe(
      '<script>window.__pwned = 1</script> hello there',
    );
  });
});

test.describe('course registration', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/training');
  });

  async function fillRegistration(page: Page) {
    const form = page.locator('#registration-form');
    await form.getByLabel(/^Full name/).fill('Priya Natarajan');
    await form.getByLabel(/^Email/).fill('priya@example.com');
    await form.getByLabel(/^Phone/).fill('+1 (647) 555-0190');
    await form.getByLabel(/^Highest level of education/).selectOption('bachelors');
    await form.getByLabel(/^Years of work experience/).fill('3');
    await choose(page.locator('#registration-course-both'));
    return form;
  }

  test(
    "a course card's Register leads to the form with that course chosen",
    { tag: '@layout' },
    async ({ page }) => {
      const form = page.locator('#registration-form');
      // Before the island has loaded (nothing typed in the form yet), and again after.
      await page.getByRole('link', { name: 'Register for Advanced ABA' }).click();
      await expect(page).toHaveURL(/#register$/);
      await expect(form.getByRole('radio', { name: /^Advanced ABA/ })).toBeChecked();
      await form.getByLabel(/^Full name/).fill('Priya Natarajan');
      await page.getByRole('link', { name: 'Register for both courses' }).click();
      await expect(form.getByRole('radio', { name: /^Both courses/ })).toBeChecked();
      await expect(form.getByRole('radio', { name: /^Advanced ABA/ })).not.toBeChecked();
      await expect(form.getByLabel(/^Full name/)).toHaveValue('Priya Natarajan');
    },
  );

  test(
    'saves the registration, sends it, asks for the confirmation e-mail and resets',
    { tag: '@layout' },
    async ({ page }) => {
      const sent = await answer(page, FORM_ENDPOINTS.registration, 200, { ok: true });
      const confirmations = await answer(page, FORM_ENDPOINTS.confirmation, 200, { success: true });
      const form = await fillRegistration(page);
      await form.getByRole('button', { name: 'Register' }).click();
      await expect(page.locator('#registration-status')).toContainText(
        "Registration submitted successfully! We'll contact you soon with further details.",
      );
      expect(sent[0]!.body).toMatchObject({
        name: 'Priya Natarajan',
        email: 'priya@example.com',
        course: 'both',
      });
      expect(confirmations).toHaveLength(1);
      await expect(form.getByLabel(/^Full name/)).toHaveValue('');
      const stored = await page.evaluate(
        () =>
          new Promise<unknown[]>((resolve, reject) => {
            const open = indexedDB.open('BlogDatabase');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              const request = db.transaction('registrations').objectStore('registrations').getAll();
              request.onsuccess = () => resolve(request.result);
            };
          }),
      );
      expect(stored).toEqual([expect.objectContaining({ email: 'priya@example.com', status: 'pending' })]);
      expect(
        await page.evaluate(
          () =>
            new Promise((r) => {
              const o = indexedDB.open('BlogDatabase');
              o.onsuccess = () => r(o.result.version);
            }),
        ),
      ).toBe(420); // Dexie version 42: Dexie stores its version times ten in IndexedDB
    },
  );

  test(
    'tells the visitor when the confirmation e-mail could not be sent',
    { tag: '@layout' },
    async ({ page }) => {
      await answer(page, FORM_ENDPOINTS.registration, 200, { ok: true });
      await answer(page, FORM_ENDPOINTS.confirmation, 200, { success: false });
      const form = await fillRegistration(page);
      await form.getByRole('button', { name: 'Register' }).click();
      await expect(page.locator('#registration-notice')).toContainText(
        'Your registration has been saved but we could not send the confirmation email. We will contact you shortly to confirm your registration.',
      );
    },
  );

  test(
    "a focused result is scrolled clear of the accessibility panel's round button",
    { tag: '@layout' },
    async ({ page }) => {
      await answer(page, FORM_ENDPOINTS.registration, 422, { error: 'Registration closed' });
      const form = await fillRegistration(page);
      await form.getByRole('button', { name: 'Register' }).click();
      await expect(page.locator('#registration-notice')).toBeFocused();
      // Scrolling to a focused element keeps it above the bottom scroll padding, which must cover the
      // fixed round button (it once covered the message's corner and focus ring on phones).
      const padding = await page.evaluate(() =>
        parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom),
      );
      const round = await page
        .getByRole('button', { name: 'Accessibility options', exact: true })
        .boundingBox();
      expect(padding).toBeGreaterThanOrEqual(page.viewportSize()!.height - round!.y);
    },
  );

  test('explains a connection failure and keeps the form filled', { tag: '@layout' }, async ({ page }) => {
    await page.route(FORM_ENDPOINTS.registration, (route) => route.abort('internetdisconnected'));
    const form = await fillRegistration(page);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('#registration-alert')).toContainText(
      'Unable to connect to the registration service. Please try again later or contact us directly.',
    );
    await expect(form.getByLabel(/^Full name/)).toHaveValue('Priya Natarajan');
  });

  test("a press on Register before the island has loaded gets the form's own messages, not a browser bubble", async ({
    page,
  }) => {
    let releaseIsland: () => void = () => {};
    const islandHeld = new Promise<void>((resolve) => (releaseIsland = resolve));
    await page.route(/\/_astro\/RegistrationForm\.[^/]+\.js$/, async (route) => {
      await islandHeld;
      await route.continue();
    });
    await page.reload();
    const form = page.locator('#registration-form');
    await form.getByRole('button', { name: 'Register' }).click(); // every required field is empty
    expect(page.url()).toMatch(/\/training$/);
    releaseIsland();
    await expect(page.locator('#registration-alert')).toContainText('Please correct the errors in the form.');
    await expect(page.locator('#registration-name-error')).toHaveText('Name must be at least 2 characters');
  });

  test('a course can still be chosen when the form’s code cannot be downloaded', async ({ page }) => {
    await page.route(/\/_astro\/RegistrationForm\.[^/?]+\.js(\?.*)?$/, (route) =>
      route.abort('internetdisconnected'),
    );
    await page.reload();
    const form = page.locator('#registration-form');
    await form.getByRole('radio', { name: /^Advanced ABA/ }).click();
    await expect(form.getByRole('radio', { name: /^Advanced ABA/ })).toBeChecked();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This part of the page could not load.' }),
    ).toBeVisible();
  });

  test('lists every problem and the summary message', { tag: '@layout' }, async ({ page }) => {
    const form = page.locator('#registration-form');
    await form.getByLabel(/^Years of work experience/).fill('-1');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('#registration-alert')).toContainText('Please correct the errors in the form.');
    await expect(page.locator('#registration-name-error')).toHaveText('Name must be at least 2 characters');
    await expect(page.locator('#registration-email-error')).toHaveText('Please enter a valid email address');
    await expect(page.locator('#registration-experience-error')).toHaveText('Years must be 0 or greater');
  });
});

test.describe('honeypot', () => {
  const forms = [
    { path: '/', form: '#contact-form', last: /^Message/, submit: 'Send Message' },
    { path: '/training', form: '#registration-form', last: /^Both courses/, submit: 'Register' },
  ];
  for (const { path, form, last, submit } of forms) {
    test(
      `${form}: people never meet the honeypot, and axe finds nothing`,
      { tag: '@layout' },
      async ({ page }) => {
        await page.goto(path);
        const trap = page.locator(`${form} input[name="_gotcha"]`);
        await expect(trap).toHaveCount(1);
        await expect(trap).not.toBeInViewport();
        await expect(trap).toHaveAttribute('tabindex', '-1');
        // Not in the accessibility tree: a screen reader does not announce it.
        expect(await page.locator(form).ariaSnapshot()).not.toContain('Leave this field empty');
        // From the last field, Tab goes straight to the submit button. (Training's form follows its
        // first screen, shown once the stylesheet has come: focus() alone does not wait for that.)
        await expect(page.locator(form).getByLabel(last)).toBeVisible();
        await page.locator(form).getByLabel(last).focus();
        await page.keyboard.press('Tab');
        await expect(page.locator(form).getByRole('button', { name: submit })).toBeFocused();
        await expectNoAxeViolations(page, form);
      },
    );
  }
});
