// The form handler against a real SMTP server (tests/smtp-sink.ts), through the Netlify Function
// (netlify/functions/forms.mts), which builds the same nodemailer sender as `npm start`.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../smtp-sink';
import { DEV_COLLECTOR } from '@/lib/config/shared.mjs';

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
    expect(config.path).toEqual([
      DEV_COLLECTOR.contact,
      DEV_COLLECTOR.registration,
      DEV_COLLECTOR.confirmation,
    ]);
  });

  it('delivers a contact message to the inbox over SMTP, with the visitor as Reply-To', async () => {
    const before = sink.received.length;
    const response = await post(DEV_COLLECTOR.contact, {
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
    expect(mail!.parsed.html).toContain('Hello &#60;img src=x onerror=alert(1)&#62; there');
  });

  it('a name made of addresses and quotes reaches only the one registrant, as one display name', async () => {
    const before = sink.received.length;
    const name = 'Eve "x" <evil@example.net>, other@example.net';
    const response = await post(DEV_COLLECTOR.confirmation, {
      name,
      email: 'zoe@example.com',
      phone: '905 555 0188',
      educationLevel: 'other',
      workExperience: 0,
      course: 'intro',
    });
    expect(await response.json()).toEqual({ success: true });
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.envelope.to).toEqual(['zoe@example.com']);
    expect(mail!.parsed.to).toMatchObject({ value: [{ name, address: 'zoe@example.com' }] });
    expect(mail!.parsed.headers.has('bcc')).toBe(false);
    expect(mail!.raw).not.toMatch(/^(bcc|cc):/im);
  });

  it('a refusing mail server gives the form’s error, and the next message goes through', async () => {
    sink.refuse = true;
    try {
      const response = await post(
        DEV_COLLECTOR.registration,
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
