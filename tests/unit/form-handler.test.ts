// The form handler (server/form-handler/handler.ts) on web Requests: validation parity with the
// browser's rules, the honeypot, the rate limits, header injection, size and type limits, and what
// the visitor is told when the mail server fails. The real SMTP round trip is form-mail-smtp.test.ts.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@/lib/text/escape-html';
import { contactSchema } from '@/lib/validation/contact';
import { type RegistrationDetails, registrationSchema } from '@/lib/validation/registration';
import { HONEYPOT_FIELD } from '@/lib/forms/honeypot';
import { REQUEST_TIMEOUT_MS } from '@/lib/forms/post-json';
import {
  createFormHandler,
  DEFAULT_LIMITS,
  type FormLimits,
  HANDLER_MESSAGES,
  PAGE_POLICY,
  PAGE_STYLE,
  type OutgoingMail,
  type SendMail,
} from '../../server/form-handler/handler';
import { confirmationMail, contactMail, registrationMail } from '../../server/form-handler/messages';
import { siteFacts } from '../../server/form-handler/site';

const routes = {
  '/forms/contact': 'contact',
  '/forms/registration': 'registration',
  '/forms/confirmation': 'confirmation',
} as const;

function setup({
  limits = {},
  fail = false,
  send,
}: { limits?: Partial<FormLimits>; fail?: boolean; send?: SendMail } = {}) {
  const sent: OutgoingMail[] = [];
  const clock = { now: 1_000_000 };
  const handle = createFormHandler({
    routes,
    inbox: 'inbox@practice.example',
    site: siteFacts,
    limits,
    log: () => {},
    now: () => clock.now,
    siteOrigins: ['https://www.example.org'],
    send:
      send ??
      (async (mail) => {
        if (fail) throw new Error('554 refused');
        sent.push(mail);
      }),
  });
  const post = async (
    path: string,
    body: unknown,
    {
      client = '203.0.113.5',
      type = 'application/json',
      headers = {},
    }: { client?: string; type?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await handle(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'Content-Type': type, ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
      client,
    );
    const text = await response.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text, headers: response.headers };
  };
  return { sent, post, clock, handle };
}

const contact = {
  name: "Anne-Marie O'Brien",
  email: 'anne@example.com',
  phone: '(905) 555-0134',
  message: 'We would like to ask about group sessions for our son.',
};
const registration = {
  name: 'Zoë Tremblay',
  email: 'zoe@example.com',
  phone: '905 555 0188',
  educationLevel: 'masters',
  workExperience: '3',
  course: 'both',
};

describe('validation parity with the browser', () => {
  // Each input goes through the browser's schema and through the handler: both accept or both
  // refuse, with the same message per field.
  const contactCases: Record<string, unknown>[] = [
    contact,
    { ...contact, phone: '' },
    { ...contact, phone: undefined },
    { ...contact, name: 'A' },
    { ...contact, name: 'x'.repeat(101) },
    { ...contact, name: 'R2-D2' },
    { ...contact, name: '  Zoë  ' },
    { ...contact, email: 'not-an-address' },
    { ...contact, email: `${'a'.repeat(250)}@x.ca` },
    { ...contact, email: 'a..b@example.com' },
    { ...contact, phone: '12345' },
    { ...contact, phone: '+1 555 123 4567' },
    { ...contact, message: 'too short' },
    { ...contact, message: 'm'.repeat(1001) },
    { ...contact, message: 'm'.repeat(1000) },
    { ...contact, name: 42 },
    {},
  ];
  const registrationCases: Record<string, unknown>[] = [
    registration,
    { ...registration, course: 'intro', workExperience: 0 },
    { ...registration, workExperience: '-1' },
    { ...registration, workExperience: '51' },
    { ...registration, workExperience: 'three' },
    { ...registration, workExperience: '' },
    { ...registration, educationLevel: 'kindergarten' },
    { ...registration, course: 'expert' },
    { ...registration, phone: '555-0188' },
    { ...registration, email: 'zoe@localhost' },
    { ...registration, name: ' Z ' },
    { ...registration, name: 'x'.repeat(101) },
    { ...registration, name: `Visit https://spam.example ${'x'.repeat(16_000)}` },
    { ...registration, name: 'Eve <evil@example.net>' },
    {},
  ];

  it.each(contactCases.map((input) => [JSON.stringify(input).slice(0, 60), input]))(
    'contact %s',
    async (_label, input) => {
      const browser = contactSchema.safeParse(input);
      const { status, json } = await setup().post('/forms/contact', input);
      expect(status).toBe(browser.success ? 200 : 422);
      if (!browser.success) {
        const errors = json?.errors as { field: string; message: string }[];
        expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual(browser.fieldErrors);
        expect(json?.error).toBe(Object.values(browser.fieldErrors)[0]);
      }
    },
  );

  it.each(registrationCases.map((input) => [JSON.stringify(input).slice(0, 60), input]))(
    'registration %s',
    async (_label, input) => {
      const browser = registrationSchema.safeParse(input);
      const { status, json } = await setup().post('/forms/registration', input);
      expect(status).toBe(browser.success ? 200 : 422);
      if (!browser.success) {
        const errors = json?.errors as { field: string; message: string }[];
        expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual(browser.fieldErrors);
      }
    },
  );
});

describe('what is sent', () => {
  it('a contact message goes to the inbox, replies go to the visitor, and it answers as Formspree does', async () => {
    const { post, sent } = setup();
    const { status, json } = await post('/forms/contact', contact);
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'inbox@practice.example',
      replyTo: { name: "Anne-Marie O'Brien", address: 'anne@example.com' },
      subject: "Website message from Anne-Marie O'Brien",
    });
    expect(sent[0]!.text).toContain(contact.message);
    expect(sent[0]!.text).toContain('(905) 555-0134');
  });

  it('a registration goes to the inbox and its confirmation to the registrant, with a receipt', async () => {
    const { post, sent } = setup();
    const { status, json } = await post('/forms/registration', registration);
    expect(status).toBe(200);
    expect(json).toEqual({ ok: true, message: HANDLER_MESSAGES.registrationThanks, confirmation: 'sent' });
    expect(sent.map((mail) => mail.to)).toEqual([
      'inbox@practice.example',
      { name: 'Zoë Tremblay', address: 'zoe@example.com' },
    ]);
    expect(sent[1]).toMatchObject({
      to: { name: 'Zoë Tremblay', address: 'zoe@example.com' },
      replyTo: { name: siteFacts.practice.name, address: siteFacts.practice.email },
    });
    expect(sent[1]!.text).toContain('Introductory ABA: ');
    expect(sent[1]!.text).toContain('Advanced ABA: ');
    expect(sent[1]!.text).toContain(`$${siteFacts.training.bundle.price}`);
  });

  it('the confirmation route sends nothing: it reports the receipt as { success }', async () => {
    const { post, sent } = setup();
    expect(await post('/forms/confirmation', { ...registration, confirmation: 'sent' })).toMatchObject({
      status: 200,
      json: { success: true },
    });
    expect(await post('/forms/confirmation', { ...registration, confirmation: 'not-sent' })).toMatchObject({
      status: 200,
      json: { success: false },
    });
    expect(sent).toHaveLength(0);
  });

  it('no request makes it write to an address of someone’s choosing without a registration', async () => {
    const { post, sent } = setup();
    // The relay as it was: a registration-shaped body to the confirmation route, from anywhere.
    const relay = await post('/forms/confirmation', { ...registration, email: 'victim@example.net' });
    expect(relay.status).toBe(422);
    expect(relay.json).toMatchObject({ success: false });
    const forged = await post('/forms/confirmation', {
      ...registration,
      email: 'victim@example.net',
      confirmation: 'sent',
    });
    expect(forged.json).toEqual({ success: true }); // a forged receipt only tells its sender a story
    expect(sent).toHaveLength(0);
  });

  it('a visitor’s markup arrives as text: escaped in the HTML part, as typed in the text part', async () => {
    const { post, sent } = setup();
    const payload = '<img src=x onerror=alert(1)> & <script>alert(2)</script>';
    await post('/forms/contact', { ...contact, message: payload });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(payload);
    expect(sent[0]!.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;');
    expect(sent[0]!.html).not.toMatch(/<img|<script/);
  });

  // The rules keep markup out of a name, and courses come from the practice's own files; the mails
  // escape every value all the same, so neither a looser rule nor a course title can add markup.
  it('every value in the HTML part is escaped, not only the message', () => {
    const name = '<i>Zoë</i>';
    const site = {
      ...siteFacts,
      training: {
        ...siteFacts.training,
        courses: siteFacts.training.courses.map((course) => ({
          ...course,
          title: `${course.title} <b>&</b>`,
        })),
      },
    };
    const details: RegistrationDetails = {
      ...registration,
      name,
      educationLevel: 'masters',
      workExperience: 3,
      course: 'both',
    };
    const mails = [
      contactMail({ ...contact, name }, site),
      registrationMail(details, site),
      confirmationMail(details, site),
    ];
    for (const { html } of mails) {
      expect(html).toContain('&lt;i&gt;Zoë&lt;/i&gt;');
      expect(html).not.toMatch(/<[bi]>/);
    }
    expect(mails[2]!.html).toContain('&lt;b&gt;&amp;&lt;/b&gt;');
  });

  it('a registration name with markup is refused before any mail', async () => {
    const { post, sent } = setup();
    const refused = await post('/forms/registration', { ...registration, name: '<b>Bold</b> "Quote"' });
    expect(refused.status).toBe(422);
    expect(refused.json?.error).toBe('Name can only contain letters, spaces, hyphens, and apostrophes');
    expect(sent).toHaveLength(0);
  });
});

describe('header injection', () => {
  it.each([
    ['registration', { ...registration, name: 'Zoë\r\nBcc: victim@example.net' }],
    ['registration', { ...registration, name: 'Zoë\nSubject: win' }],
    ['registration', { ...registration, name: 'Zoë\u2028Bcc: victim@example.net' }],
    ['registration', { ...registration, email: 'zoe@example.com\r\nBcc: victim@example.net' }],
    ['contact', { ...contact, name: 'Anne\r\nBcc: victim@example.net' }],
    ['contact', { ...contact, email: 'anne@example.com\nBcc: victim@example.net' }],
    ['contact', { ...contact, email: 'anne@example.com, victim@example.net' }],
  ])('%s refuses line breaks in single-line fields: %j', async (form, input) => {
    const { post, sent } = setup();
    const { status, json } = await post(`/forms/${form}`, input);
    expect(status).toBe(422);
    expect(typeof json?.error).toBe('string');
    expect(sent).toHaveLength(0);
  });

  // A registration phone may hold spaces (\s), and \s takes line separators and tabs too: only the
  // handler's own check stands between them and a header.
  it.each(['905 555\u20280188', '905 555\u20290188', '905\t555 0188'])(
    'refuses a registration phone number with a line separator or a tab: %j',
    async (phone) => {
      const { post, sent } = setup();
      const { status, json } = await post('/forms/registration', { ...registration, phone });
      expect(status).toBe(422);
      expect(json).toMatchObject({ error: HANDLER_MESSAGES.lineBreaks, errors: [{ field: 'phone' }] });
      expect(sent).toHaveLength(0);
    },
  );

  it('a contact name that looks like addresses is refused: no mail carries it', async () => {
    const { post, sent } = setup();
    const name = 'Eve <evil@example.net>, other@example.net';
    expect((await post('/forms/contact', { ...contact, name })).status).toBe(422);
    expect((await post('/forms/registration', { ...registration, name })).status).toBe(422);
    expect(sent).toHaveLength(0);
  });
});

describe('the honeypot', () => {
  it.each(['contact', 'registration'])(
    '%s: a filled honeypot gets the usual answer and nothing is sent',
    async (form) => {
      const { post, sent } = setup();
      const input = form === 'contact' ? contact : registration;
      const human = await setup().post(`/forms/${form}`, input);
      const robot = await post(`/forms/${form}`, { ...input, [HONEYPOT_FIELD]: 'https://spam.example' });
      expect(robot.status).toBe(200);
      expect(robot.json).toEqual(human.json);
      expect(sent).toHaveLength(0);
    },
  );

  it('a honeypot that is no text is a robot, even one String() cannot read (it answered 500)', async () => {
    const { post, sent } = setup();
    for (const value of [{ toString: null, valueOf: null }, { toString: 1 }, [], {}]) {
      const robot = await post('/forms/contact', { ...contact, [HONEYPOT_FIELD]: value });
      expect(robot.status, JSON.stringify(value)).toBe(200);
    }
    expect(sent).toHaveLength(0);
  });

  it('an empty honeypot is a person', async () => {
    const { post, sent } = setup();
    expect((await post('/forms/contact', { ...contact, [HONEYPOT_FIELD]: '' })).status).toBe(200);
    expect(sent).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('refuses a visitor past the limit with the forms’ error shape, others still pass, and it ends', async () => {
    const { post, sent, clock } = setup({ limits: { perClient: 2, windowMs: 60_000 } });
    expect((await post('/forms/contact', contact)).status).toBe(200);
    expect((await post('/forms/contact', contact)).status).toBe(200);
    const third = await post('/forms/contact', contact);
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ error: HANDLER_MESSAGES.tooMany });
    expect(third.headers.get('retry-after')).toBe('60');
    expect((await post('/forms/contact', contact, { client: '198.51.100.7' })).status).toBe(200);
    clock.now += 60_000;
    expect((await post('/forms/contact', contact)).status).toBe(200);
    expect(sent).toHaveLength(4);
  });

  it('does not count the confirmation route, which sends nothing: a last allowed registration is confirmed', async () => {
    const { post, sent } = setup({ limits: { perClient: 1 } });
    const registered = await post('/forms/registration', registration);
    expect(registered.json).toMatchObject({ confirmation: 'sent' });
    const confirmed = await post('/forms/confirmation', { ...registration, confirmation: 'sent' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ success: true });
    expect(sent).toHaveLength(2);
    // The limit still holds for what sends mail.
    expect((await post('/forms/contact', contact)).status).toBe(429);
  });

  // Any IPv6 host has a /64 to itself: counted per address, one machine posted from 10,000 of them
  // and the full table refused every other visitor.
  it('counts an IPv6 visitor by its /64 network, and ::ffff:a.b.c.d as the IPv4 address', async () => {
    const { post } = setup({ limits: { perClient: 1 } });
    const from = (client: string) => post('/forms/contact', contact, { client });
    expect((await from('2001:db8:5:6::1')).status).toBe(200);
    expect((await from('2001:db8:5:6:a:b:c:d')).status).toBe(429);
    expect((await from('2001:db8:5:7::1')).status).toBe(200);
    expect((await from('192.0.2.8')).status).toBe(200);
    expect((await from('::ffff:192.0.2.8')).status).toBe(429);
  });

  it('counts refused and robot submissions too', async () => {
    const { post } = setup({ limits: { perClient: 2 } });
    await post('/forms/contact', { ...contact, name: 'A' });
    await post('/forms/contact', { ...contact, [HONEYPOT_FIELD]: 'x' });
    expect((await post('/forms/contact', contact)).status).toBe(429);
  });

  it('sends one mailbox at most so many confirmations, whoever asks, however it is written', async () => {
    const { post, sent } = setup({ limits: { perRecipient: 2 } });
    const as = (email: string, client: string) =>
      post('/forms/registration', { ...registration, email }, { client });
    expect((await as('zoe@example.com', '192.0.2.1')).json).toMatchObject({ confirmation: 'sent' });
    expect((await as('Zoe+1@example.com', '192.0.2.2')).json).toMatchObject({ confirmation: 'sent' });
    // The practice still gets the registration; the registrant's mailbox gets no third e-mail.
    const third = await as('ZOE+2@EXAMPLE.com', '192.0.2.3');
    expect(third.status).toBe(200);
    expect(third.json).toMatchObject({ confirmation: 'not-sent' });
    expect(sent.filter((mail) => mail.to !== 'inbox@practice.example')).toHaveLength(2);
    expect(sent.filter((mail) => mail.to === 'inbox@practice.example')).toHaveLength(3);
  });
});

describe('requests it refuses', () => {
  it('a body over the size limit, whatever Content-Length says', async () => {
    const { post, handle } = setup({ limits: { maxBodyBytes: 2048 } });
    const big = await post('/forms/contact', { ...contact, message: 'x'.repeat(3000) });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ error: HANDLER_MESSAGES.tooLarge });
    // A streamed body with no Content-Length is counted as it arrives.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
        controller.close();
      },
    });
    const streamed = await handle(
      new Request('http://localhost/forms/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: stream,
        // @ts-expect-error -- needed by Node for a streamed body
        duplex: 'half',
      }),
      '203.0.113.9',
    );
    expect(streamed.status).toBe(413);
  });

  it('a body of exactly the size limit', async () => {
    const body = JSON.stringify(contact);
    const { post } = setup({ limits: { maxBodyBytes: new TextEncoder().encode(body).byteLength } });
    expect((await post('/forms/contact', body)).status).toBe(200);
  });

  it('a body that is not UTF-8, rather than a message with characters replaced', async () => {
    const { handle } = setup();
    const text = new TextEncoder().encode(JSON.stringify({ ...contact, name: 'Anne-Marie XX' }));
    const latin1 = text.map((byte) => (byte === 0x58 ? 0xe9 : byte)); // 'X' -> a lone Latin-1 'é'
    const response = await handle(
      new Request('http://localhost/forms/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: latin1,
      }),
      '203.0.113.5',
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: HANDLER_MESSAGES.unreadable });
  });

  it('anything but a JSON object or a web form', async () => {
    const { post, sent } = setup();
    expect((await post('/forms/contact', '{"name":', {})).status).toBe(400);
    expect((await post('/forms/contact', '[1,2]', {})).status).toBe(400);
    expect((await post('/forms/contact', 'null', {})).status).toBe(400);
    expect((await post('/forms/contact', JSON.stringify(contact), { type: 'text/plain' })).status).toBe(415);
    expect((await post('/forms/contact', JSON.stringify(contact), { type: 'text/json' })).status).toBe(415);
    expect(sent).toHaveLength(0);
  });

  it('other methods and paths', async () => {
    const { handle } = setup();
    const get = await handle(new Request('http://localhost/forms/contact'), '203.0.113.5');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await handle(
        new Request('http://localhost/forms/contact', { method, body: JSON.stringify(contact) }),
        '203.0.113.5',
      );
      expect(response.status, method).toBe(405);
    }
    const other = await handle(
      new Request('http://localhost/forms/other', { method: 'POST' }),
      '203.0.113.5',
    );
    expect(other.status).toBe(404);
  });

  it('a web form posted without JavaScript gets a page, with what was typed as text', async () => {
    const { post, sent } = setup();
    const body = new URLSearchParams({ ...contact, name: '<i>x</i>' }).toString();
    const refused = await post('/forms/contact', body, { type: 'application/x-www-form-urlencoded' });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toContain('text/html');
    expect(refused.text).toContain('Name can only contain letters, spaces, hyphens, and apostrophes');
    const ok = await post('/forms/registration', new URLSearchParams(registration).toString(), {
      type: 'application/x-www-form-urlencoded',
    });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('Registration submitted successfully!');
    // No script asks for the confirmation here, so the handler sends it with the registration.
    expect(sent.map((mail) => mail.to)).toEqual([
      'inbox@practice.example',
      expect.objectContaining({ address: 'zoe@example.com' }),
    ]);
  });
});

describe('a contact message posted without JavaScript and not sent', () => {
  const web = { type: 'application/x-www-form-urlencoded' };
  const message = 'Two lines,\nthen </textarea><script>alert(1)</script> & more.';
  const keptArea = (page: string) => /<textarea id="kept"[^>]*>([^]*?)<\/textarea>/.exec(page)?.[1];

  it('is shown again, as text, to copy before going back: refused by the rules or by the mail server', async () => {
    const refused = await setup().post(
      '/forms/contact',
      new URLSearchParams({ ...contact, email: 'not an address', message }).toString(),
      web,
    );
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-security-policy')).toBe(PAGE_POLICY);
    expect(refused.text).toContain('Please enter a valid email address');
    expect(refused.text).toContain(HANDLER_MESSAGES.keptMessage);
    expect(refused.text).toContain('<label for="kept">Your message</label>');
    expect(keptArea(refused.text!)).toBe(
      'Two lines,\nthen &lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more.',
    );
    const failed = await setup({ fail: true }).post(
      '/forms/contact',
      new URLSearchParams({ ...contact, message }).toString(),
      web,
    );
    expect(failed.status).toBe(502);
    expect(failed.text).toContain('Failed to send message');
    expect(keptArea(failed.text!)).toContain('Two lines,');
  });

  it('is shown again past the rate limit too, with the practice’s address and number to contact directly', async () => {
    const { post } = setup({ limits: { perClient: 1 } });
    const form = new URLSearchParams({ ...contact, message }).toString();
    expect((await post('/forms/contact', form, web)).status).toBe(200);
    const limited = await post('/forms/contact', form, web);
    expect(limited.status).toBe(429);
    expect(limited.text).toContain(escapeHtml(HANDLER_MESSAGES.tooMany));
    expect(keptArea(limited.text)).toContain('Two lines,');
    expect(limited.text).toContain(`<a href="mailto:${siteFacts.practice.email}">`);
    expect(limited.text).toContain(`<a href="tel:${siteFacts.practice.phone.replace(/[^\d+]/g, '')}">`);
  });

  it('has one style, the one its policy allows', () => {
    const hash = createHash('sha256').update(PAGE_STYLE).digest('base64');
    expect(PAGE_POLICY).toContain(`style-src 'sha256-${hash}'`);
    expect(PAGE_POLICY).toMatch(/^default-src 'none';/);
  });

  it('is not repeated once sent, nor for JavaScript, nor for a registration', async () => {
    const { post } = setup();
    const ok = await post('/forms/contact', new URLSearchParams(contact).toString(), web);
    expect(ok.status).toBe(200);
    expect(ok.text).not.toContain('<textarea');
    expect(ok.headers.get('content-security-policy')).toBe(PAGE_POLICY);
    const json = await post('/forms/contact', { ...contact, email: 'not an address' });
    expect(json.json).not.toHaveProperty('kept');
    expect(json.headers.get('content-security-policy')).toBeNull();
    expect(JSON.stringify(json.json)).not.toContain(contact.message);
    const registrationPage = await post(
      '/forms/registration',
      // A `message` field too: only the contact form's message is shown again.
      new URLSearchParams({ ...registration, email: 'not an address', message: 'Kept?' }).toString(),
      web,
    );
    expect(registrationPage.status).toBe(422);
    expect(registrationPage.text).not.toContain('<textarea');
  });
});

describe('when the mail server fails', () => {
  it('tells the visitor in the forms’ own words', async () => {
    const { post } = setup({ fail: true });
    expect(await post('/forms/contact', contact)).toMatchObject({
      status: 502,
      json: { error: 'Failed to send message' },
    });
    expect(await post('/forms/registration', registration)).toMatchObject({
      status: 502,
      json: { error: 'Failed to send registration' },
    });
  });

  it('a confirmation the mail server refused is reported as not sent', async () => {
    let calls = 0;
    const { post } = setup({
      send: async () => {
        calls += 1;
        if (calls === 2) throw new Error('550 mailbox unavailable');
      },
    });
    const { json } = await post('/forms/registration', registration);
    expect(json).toMatchObject({ ok: true, confirmation: 'not-sent' });
    expect(
      (await post('/forms/confirmation', { ...registration, confirmation: json?.confirmation })).json,
    ).toMatchObject({ success: false });
  });
});

describe('posts from other sites', () => {
  const web = { type: 'application/x-www-form-urlencoded' };
  const form = new URLSearchParams(contact).toString();

  it.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['an Origin on another port', { Origin: 'http://localhost:8080' }],
    ['Origin: null (a sandboxed frame)', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    [
      'Sec-Fetch-Site: cross-site with a matching Origin',
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://localhost' },
    ],
  ])('%s: 403 and nothing sent', async (_label, headers) => {
    const { post, sent } = setup();
    const json = await post('/forms/contact', contact, { headers });
    expect(json.status).toBe(403);
    expect(json.json).toMatchObject({ error: HANDLER_MESSAGES.crossSite });
    const page = await post('/forms/registration', new URLSearchParams(registration).toString(), {
      ...web,
      headers,
    });
    expect(page.status).toBe(403);
    expect(page.text).toContain(HANDLER_MESSAGES.crossSite);
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['the request’s own origin', { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' }],
    ['the request’s own host over https (a proxy ended TLS)', { Origin: 'https://localhost' }],
    ['SITE_URL’s origin (a proxy rewrote Host)', { Origin: 'https://www.example.org' }],
    ['no Origin at all (not a browser)', {}],
  ])('%s: accepted, with and without JavaScript', async (_label, headers) => {
    const { post, sent } = setup();
    expect((await post('/forms/contact', contact, { headers })).status).toBe(200);
    expect((await post('/forms/contact', form, { ...web, headers })).status).toBe(200);
    expect(sent).toHaveLength(2);
  });
});

describe('deadlines', () => {
  it('a body that has not all arrived in time is refused, and nothing is sent', async () => {
    const { handle, sent } = setup({ limits: { bodyMs: 50 } });
    let cancelled = false;
    const trickle = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const response = await handle(
      new Request('http://localhost/forms/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: trickle,
        // @ts-expect-error -- needed by Node for a streamed body
        duplex: 'half',
      }),
      '203.0.113.9',
    );
    expect(response.status).toBe(408);
    expect(await response.json()).toEqual({ error: HANDLER_MESSAGES.slow });
    expect(cancelled).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('a mail server that does not finish in time: the form’s error, and the sender is told to stop', async () => {
    const signals: AbortSignal[] = [];
    const { post } = setup({
      limits: { sendMs: 50 },
      send: (_mail, signal) => {
        signals.push(signal);
        return new Promise(() => {}); // never answers
      },
    });
    expect(await post('/forms/contact', contact)).toMatchObject({
      status: 502,
      json: { error: 'Failed to send message' },
    });
    expect(await post('/forms/registration', registration)).toMatchObject({
      status: 502,
      json: { error: 'Failed to send registration' },
    });
    expect(signals).toHaveLength(2);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('the defaults: all of a send within less than the forms’ own wait', () => {
    expect(DEFAULT_LIMITS.sendMs).toBeLessThan(REQUEST_TIMEOUT_MS);
  });
});
