// The form handler against a real SMTP server (tests/smtp-sink.ts), through the Netlify Function
// (netlify/functions/forms.mts), which builds the same nodemailer sender as `npm start`.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../smtp-sink';
import { FORM_ROUTES } from '@/lib/config/shared.mjs';

let sink: SmtpSink;
let forms: (request: Request, context: { ip?: string }) => Promise<Response>;
let config: { path: string[] };

beforeAll(async () => {
  sink = await startSmtpSink();
  vi.stubEnv('SMTP_URL', sink.url);
  vi.stubEnv('MAIL_FROM', 'Bright Path website <site@practice.example>');
  vi.stubEnv('PRACTICE_INBOX', 'inbox@practice.example');
  const module = await import('../../netlify/functions/forms.mts');
  forms = module.default;
  config = module.config;
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await sink.close();
});

const contact = {
  name: 'Zoë Tremblay',
  email: 'zoe@example.com',
  phone: '',
  message: 'A question about the course.',
};

const post = (path: string, body: unknown, ip = '203.0.113.20') =>
  forms(
    new Request(`https://www.example.org${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { ip },
  );

describe('the Netlify Function', () => {
  it('serves the routes the build points the forms to when no endpoint is set', () => {
    expect(config.path).toEqual([FORM_ROUTES.contact, FORM_ROUTES.registration, FORM_ROUTES.confirmation]);
  });

  it('delivers a contact message to the inbox over SMTP, with the visitor as Reply-To', async () => {
    const before = sink.received.length;
    const response = await post(FORM_ROUTES.contact, {
      name: 'Zoë Tremblay',
      email: 'zoe@example.com',
      phone: '',
      message: 'Hello <img src=x onerror=alert(1)> there',
    });
    expect(response.status).toBe(200);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.envelope).toEqual({ from: 'site@practice.example', to: ['inbox@practice.example'] });
    expect(mail!.parsed.replyTo?.value).toEqual([{ name: 'Zoë Tremblay', address: 'zoe@example.com' }]);
    expect(mail!.parsed.subject).toBe('Website message from Zoë Tremblay');
    expect(mail!.parsed.text).toContain('Hello <img src=x onerror=alert(1)> there');
    expect(mail!.parsed.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt; there');
  });

  it('a registration sends its confirmation once; the confirmation route only reports it', async () => {
    const before = sink.received.length;
    const response = await post(
      FORM_ROUTES.registration,
      {
        name: 'Zoë Tremblay',
        email: 'zoe@example.com',
        phone: '905 555 0188',
        educationLevel: 'other',
        workExperience: 0,
        course: 'intro',
      },
      '203.0.113.22',
    );
    const receipt = (await response.json()) as { confirmation?: string };
    expect(receipt).toMatchObject({ ok: true, confirmation: 'sent' });
    const [inbox, confirmation] = (await sink.waitFor(before + 2)).slice(before);
    expect(inbox!.envelope.to).toEqual(['inbox@practice.example']);
    expect(confirmation!.envelope.to).toEqual(['zoe@example.com']);
    expect(confirmation!.parsed.to).toMatchObject({
      value: [{ name: 'Zoë Tremblay', address: 'zoe@example.com' }],
    });
    expect(confirmation!.raw).not.toMatch(/^(bcc|cc):/im);

    const report = await post(
      FORM_ROUTES.confirmation,
      { confirmation: receipt.confirmation },
      '203.0.113.22',
    );
    expect(await report.json()).toEqual({ success: true });
    // The next mail the server gets is the next one sent here: the report sent none.
    await post(FORM_ROUTES.contact, { ...contact, message: 'after the report' }, '203.0.113.22');
    const [next] = (await sink.waitFor(before + 3)).slice(before + 2);
    expect(next!.parsed.text).toContain('after the report');
  });

  it('is no relay: a confirmation asked for any address, or posted from another site, sends nothing', async () => {
    const before = sink.received.length;
    const relay = await post(
      FORM_ROUTES.confirmation,
      {
        name: 'Visit https://spam.example',
        email: 'victim@example.net',
        phone: '905 555 0188',
        educationLevel: 'other',
        workExperience: 0,
        course: 'intro',
      },
      '203.0.113.23',
    );
    expect(relay.status).toBe(422);
    expect(await relay.json()).toMatchObject({ success: false });
    const crossSite = await forms(
      new Request(`https://www.example.org${FORM_ROUTES.contact}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
        body: new URLSearchParams(contact).toString(),
      }),
      { ip: '203.0.113.23' },
    );
    expect(crossSite.status).toBe(403);
    await post(FORM_ROUTES.contact, { ...contact, message: 'the only message this time' }, '203.0.113.23');
    const [next] = (await sink.waitFor(before + 1)).slice(before);
    expect(next!.parsed.text).toContain('the only message this time');
    expect(sink.received).toHaveLength(before + 1);
  });

  it('a refusing mail server gives the form’s error, and the next message goes through', async () => {
    sink.refuse = true;
    try {
      const response = await post(
        FORM_ROUTES.registration,
        {
          name: 'Zoë Tremblay',
          email: 'zoe@example.com',
          phone: '905 555 0188',
          educationLevel: 'masters',
          workExperience: 2,
          course: 'advanced',
        },
        '203.0.113.21',
      );
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: 'Failed to send registration' });
    } finally {
      sink.refuse = false;
    }
  });
});
