// The forms' own e-mail backend end to end, as a practice runs it: the run's build (no
// PUBLIC_*_ENDPOINT, so the forms post to the site itself; tools/test-build.mjs), `node
// server/serve.mjs` on it with SMTP configured (read when the server starts), a real SMTP server in
// this process (tests/smtp-sink.ts), and both forms used in Chromium. Desktop only (no @layout tag).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AddressObject } from 'mailparser';
import { MAIL, TEST_BUILD_DIR, mailEnv, testBuildPath } from '../../tools/test-build.mjs';
import { childEnv, freePort, type Started, startNode } from '../process';
import { SMTP_ACCOUNT, type SmtpSink, startSmtpSink } from '../smtp-sink';
import { choose, expect, test } from './fixtures';

const root = path.resolve(import.meta.dirname, '../..');
const INBOX = MAIL.inbox;
const practice = JSON.parse(readFileSync(path.join(root, 'content/settings/practice.json'), 'utf8'));
const training = JSON.parse(readFileSync(path.join(root, 'content/training/courses.json'), 'utf8'));
const XSS = '<img src=x onerror=alert(1)>';

let sink: SmtpSink;
let server: Started | undefined;
let base = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  sink = await startSmtpSink();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startNode(['server/serve.mjs', TEST_BUILD_DIR], {
    cwd: root,
    env: childEnv({ ...mailEnv(sink.url), FORM_RATE_LIMIT: '100', PORT: String(port), HOST: '127.0.0.1' }),
  });
  await server.printed(/(Form handler|Development form collector) active for/);
  expect(server.output()).toContain('Form handler active for: contact, registration, confirmation');
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

/** The mailboxes of a To header, which mailparser gives as one group or a list of them. */
const mailboxes = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value);

/** Messages that arrived after `before`, once `count` of them have. */
async function newMail(before: number, count: number) {
  const all = await sink.waitFor(before + count);
  expect(all.length - before, 'number of e-mails received').toBe(count);
  return all.slice(before);
}

async function storedRegistrations(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ email: string; status: string }[]>((resolve, reject) => {
        const open = indexedDB.open('BlogDatabase');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('registrations').objectStore('registrations').getAll();
          request.onsuccess = () => resolve(request.result);
        };
      }),
  );
}

async function fillContact(page: Page, message: string) {
  await page.goto(`${base}/#contact`);
  await expect(page.locator('#contact-name')).toBeFocused();
  const form = page.locator('#contact-form');
  await form.getByLabel(/^Name/).fill("Anne-Marie O'Brien");
  await form.getByLabel(/^Email/).fill('anne@example.com');
  await form.getByLabel(/^Phone/).fill('(905) 555-0134');
  await form.getByLabel(/^Message/).fill(message);
  return form;
}

async function fillRegistration(page: Page, email: string) {
  await page.goto(`${base}/training#register`);
  const form = page.locator('#registration-form');
  await form.getByLabel(/^Full name/).fill('Priya Natarajan');
  // The first input hydrates the form (client:interact): a click during that can be lost.
  await expect(page.locator('astro-island:has(#registration-form)')).toHaveAttribute('data-hydrated', '');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Phone/).fill('+1 (647) 555-0190');
  await form.getByLabel(/^Highest level of education/).selectOption('bachelors');
  await form.getByLabel(/^Years of work experience/).fill('3');
  await choose(page.locator('#registration-course-both'));
  return form;
}

test('the built pages and the server bundle hold none of the mail settings', () => {
  const secrets = [SMTP_ACCOUNT.pass, encodeURIComponent(SMTP_ACCOUNT.user), 'website-sender@', INBOX];
  const files = readdirSync(testBuildPath, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz|png|webp|jpg|woff2?)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  files.push(path.join(root, '.server', TEST_BUILD_DIR, 'forms.mjs'));
  expect(files.length).toBeGreaterThan(50);
  const leaks = files.flatMap((file) => {
    const text = readFileSync(file, 'latin1');
    return secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${file}`);
  });
  expect(leaks).toEqual([]);
  // The forms post to the site itself, the routes the handler serves.
  expect(readFileSync(path.join(testBuildPath, 'index.html'), 'utf8')).toContain(
    'action="/api/forms/contact"',
  );
});

test('a contact message reaches the inbox, replies go to the visitor, and markup stays text', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
  const before = sink.received.length;
  const message = `Do you run group sessions? ${XSS} Thanks.`;
  const form = await fillContact(page, message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('#contact-status')).toContainText(
    "Thank you for your message. We'll get back to you soon!",
  );
  await expect(form.getByLabel(/^Message/)).toHaveValue('');

  const [mail] = await newMail(before, 1);
  expect(mail!.envelope).toEqual({ from: 'website-sender@practice.example', to: [INBOX] });
  expect(mail!.parsed.from?.value).toEqual([
    { name: 'Bright Path website', address: 'website-sender@practice.example' },
  ]);
  expect(mailboxes(mail!.parsed.to)).toEqual([{ name: '', address: INBOX }]);
  expect(mail!.parsed.replyTo?.value).toEqual([{ name: "Anne-Marie O'Brien", address: 'anne@example.com' }]);
  expect(mail!.parsed.subject).toBe("Website message from Anne-Marie O'Brien");
  expect(mail!.parsed.text).toContain(message);
  expect(mail!.parsed.text).toContain('(905) 555-0134');

  // The HTML part, opened in the browser as a mail client would show it: the payload is text.
  await page.setContent(mail!.parsed.html as string);
  await expect(page.locator('img')).toHaveCount(0);
  await expect(page.locator('body')).toContainText(message);
  expect(dialogs).toEqual([]);
});

test('a registration reaches the inbox and the registrant gets the confirmation', async ({ page }) => {
  const before = sink.received.length;
  const form = await fillRegistration(page, 'priya@example.com');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.locator('#registration-status')).toContainText(
    "Registration submitted successfully! We'll contact you soon with further details.",
  );
  expect(await storedRegistrations(page)).toEqual([
    expect.objectContaining({ email: 'priya@example.com', status: 'pending' }),
  ]);

  const mails = await newMail(before, 2);
  const toInbox = mails.find((mail) => mail.envelope.to[0] === INBOX)!;
  const confirmation = mails.find((mail) => mail.envelope.to[0] === 'priya@example.com')!;
  expect(toInbox.envelope.to).toEqual([INBOX]);
  expect(toInbox.parsed.subject).toBe(
    'Course registration: Introductory ABA and Advanced ABA, Priya Natarajan',
  );
  expect(toInbox.parsed.replyTo?.value).toEqual([{ name: 'Priya Natarajan', address: 'priya@example.com' }]);
  for (const line of [
    'Email: priya@example.com',
    'Phone: +1 (647) 555-0190',
    "Bachelor's degree",
    'Years of work experience: 3',
  ])
    expect(toInbox.parsed.text).toContain(line);

  expect(confirmation.envelope.to).toEqual(['priya@example.com']);
  expect(mailboxes(confirmation.parsed.to)).toEqual([
    { name: 'Priya Natarajan', address: 'priya@example.com' },
  ]);
  expect(confirmation.parsed.replyTo?.value).toEqual([{ name: practice.name, address: practice.email }]);
  expect(confirmation.parsed.subject).toBe(
    `${practice.shortName}: your registration for Introductory ABA and Advanced ABA`,
  );
  const text = confirmation.parsed.text!;
  expect(text).toContain('Hello Priya Natarajan,');
  for (const course of training.courses) {
    expect(text).toContain(`${course.title}: ${course.upcoming}, ${course.schedule} (Eastern Time)`);
  }
  expect(text).toContain(`Price: $${training.bundle.price} (Canadian dollars)`);
  expect(text).toContain('What happens next');
  expect(text).toContain('Your place is not confirmed yet. We will contact you');
  for (const fact of [practice.name, `Email: ${practice.email}`, `Phone: ${practice.phone}`])
    expect(text).toContain(fact);
  // The HTML part says the same.
  await page.setContent(confirmation.parsed.html as string);
  await expect(page.locator('body')).toContainText('What happens next');
  await expect(page.locator('li')).toContainText([`Price: $${training.bundle.price} (Canadian dollars)`]);
});

test('a mail server that refuses: the visitor sees the form’s error, keeps the text, and can send again', async ({
  page,
}) => {
  sink.refuse = true;
  const before = sink.received.length;
  try {
    const form = await fillContact(page, 'Please call me back about caregiver training.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact-alert')).toContainText('Failed to send message');
    await expect(form.getByLabel(/^Message/)).toHaveValue('Please call me back about caregiver training.');
    await expect(form.getByLabel(/^Name/)).toHaveValue("Anne-Marie O'Brien");

    const registration = await fillRegistration(page, 'refused@example.com');
    await registration.getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('#registration-alert')).toContainText('Failed to send registration');
    await expect(registration.getByLabel(/^Email/)).toHaveValue('refused@example.com');
    // Kept in the browser as the spec asks, even though it could not be sent.
    expect(await storedRegistrations(page)).toEqual([
      expect.objectContaining({ email: 'refused@example.com', status: 'pending' }),
    ]);

    sink.refuse = false;
    await registration.getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('#registration-status')).toContainText('Registration submitted successfully!');
    expect(await storedRegistrations(page)).toHaveLength(1); // the retry reuses the saved record
    const mails = await newMail(before, 2);
    expect(mails.map((mail) => mail.envelope.to[0]).sort()).toEqual([INBOX, 'refused@example.com'].sort());
  } finally {
    sink.refuse = false;
  }
});

test('without JavaScript, both forms post as web forms from the site’s own pages and are sent', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const before = sink.received.length;
    await page.goto(`${base}/`);
    const contact = page.locator('#contact-form');
    await contact.getByLabel(/^Name/).fill('Noah Lee');
    await contact.getByLabel(/^Email/).fill('noah@example.com');
    await contact.getByLabel(/^Message/).fill('Sent from a browser with scripts turned off.');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('h1')).toHaveText('Thank you');

    await page.goto(`${base}/training`);
    const form = page.locator('#registration-form');
    await form.getByLabel(/^Full name/).fill('Noah Lee');
    await form.getByLabel(/^Email/).fill('noah@example.com');
    await form.getByLabel(/^Phone/).fill('+1 (647) 555-0191');
    await form.getByLabel(/^Highest level of education/).selectOption('other');
    await form.getByLabel(/^Years of work experience/).fill('1');
    await choose(page.locator('#registration-course-intro'));
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('body')).toContainText('Registration submitted successfully!');

    const mails = await newMail(before, 3);
    expect(mails.map((mail) => mail.envelope.to[0])).toEqual([INBOX, INBOX, 'noah@example.com']);
  } finally {
    await context.close();
  }
});

test('without JavaScript, a refused message comes back on a styled page that fits a 320 px phone', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 320, height: 640 },
  });
  try {
    const page = await context.newPage();
    const policyViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
    });
    await page.goto(`${base}/`);
    const contact = page.locator('#contact-form');
    // Digits in a name: a rule of the form's schema the browser's own checks do not know.
    await contact.getByLabel(/^Name/).fill('Bob1');
    await contact.getByLabel(/^Email/).fill('bob@example.com');
    await contact
      .getByLabel(/^Message/)
      .fill('A long first line that a phone must wrap rather than scroll. '.repeat(3));
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('h1')).toHaveText('Not sent');
    await expect(page.getByLabel('Your message')).toHaveValue(/^A long first line/);
    await expect(page.getByRole('link', { name: practice.email })).toHaveAttribute(
      'href',
      `mailto:${practice.email}`,
    );
    // Its style is the one the page's policy allows, and nothing scrolls sideways (WCAG 1.4.10).
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('640px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(policyViolations).toEqual([]);
  } finally {
    await context.close();
  }
});

test('is no relay: the confirmation route sends nothing, whatever it is asked', async ({ request }) => {
  const before = sink.received.length;
  const victim = {
    name: 'Claim your prize',
    email: 'victim+1@example.net',
    phone: '905 555 0188',
    educationLevel: 'other',
    workExperience: 0,
    course: 'intro',
  };
  for (const body of [victim, { ...victim, confirmation: 'sent' }]) {
    const answer = await request.post(`${base}/api/forms/confirmation`, { data: body });
    expect((await answer.json()).success).toBe(answer.status() === 200);
  }
  // The next e-mail the server gets is this one: the two requests above sent none.
  const marker = await request.post(`${base}/api/forms/contact`, {
    data: { name: 'Marker', email: 'marker@example.com', phone: '', message: 'Only this one arrives.' },
  });
  expect(marker.status()).toBe(200);
  const [mail] = await newMail(before, 1);
  expect(mail!.envelope.to).toEqual([INBOX]);
  expect(mail!.parsed.text).toContain('Only this one arrives.');
});

test('a page on another site cannot make its visitors’ browsers send the forms', async ({ page }) => {
  const before = sink.received.length;
  // Another site's page that posts the contact form to this one as soon as it opens.
  await page.route('https://evil.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><form id="f" method="post" action="${base}/api/forms/contact">
        <input name="name" value="Spam Sender"><input name="email" value="victim@example.net">
        <input name="message" value="Buy cheap things at spam.example today"></form>
        <script>document.getElementById('f').submit()</script>`,
    }),
  );
  const answer = page.waitForResponse(`${base}/api/forms/contact`);
  await page.goto('https://evil.example/');
  expect((await answer).status()).toBe(403);
  await expect(page.locator('body')).toContainText(
    'This form can only be sent from its own page on our website. Please open the form there and send it again.',
  );
  // Nothing was sent: the next e-mail the server gets is this one.
  await fillContact(page, 'Sent from the site itself, after the other page tried.');
  await page.locator('#contact-form').getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('#contact-status')).toContainText('Thank you for your message.');
  const [mail] = await newMail(before, 1);
  expect(mail!.parsed.text).toContain('Sent from the site itself');
});

test('a mail server that is down: the same error, nothing typed is lost', async ({ page }) => {
  await sink.close();
  const form = await fillContact(page, 'Is there a waiting list for the spring sessions?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('#contact-alert')).toContainText('Failed to send message');
  await expect(form.getByLabel(/^Message/)).toHaveValue('Is there a waiting list for the spring sessions?');

  const registration = await fillRegistration(page, 'down@example.com');
  await registration.getByRole('button', { name: 'Register' }).click();
  await expect(page.locator('#registration-alert')).toContainText('Failed to send registration');
  await expect(registration.getByLabel(/^Full name/)).toHaveValue('Priya Natarajan');
  expect(await storedRegistrations(page)).toEqual([
    expect.objectContaining({ email: 'down@example.com', status: 'pending' }),
  ]);
});
