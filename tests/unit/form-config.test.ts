// The mail settings the form handler reads when the server starts (src/server/forms/config.ts).
import { describe, expect, it } from 'vitest';
import { readMailConfig, readRateLimit } from '@/server/forms/config';

const mail = { MAIL_FROM: 'Site <site@practice.example>', PRACTICE_INBOX: 'inbox@practice.example' };

describe('readMailConfig', () => {
  it('is off without SMTP_URL or SMTP_HOST', () => {
    expect(readMailConfig({})).toBeUndefined();
    expect(readMailConfig({ ...mail, SMTP_URL: '  ' })).toBeUndefined();
  });

  it('takes an SMTP URL as it is', () => {
    expect(readMailConfig({ ...mail, SMTP_URL: 'smtps://u:p@smtp.example.org:465' })).toEqual({
      transport: 'smtps://u:p@smtp.example.org:465',
      from: 'Site <site@practice.example>',
      inbox: 'inbox@practice.example',
    });
  });

  it('builds the transport from host, port and account; 465 is TLS from the start', () => {
    const env = { ...mail, SMTP_HOST: 'smtp.office365.com', SMTP_USER: 'u@x.ca', SMTP_PASSWORD: ' p w ' };
    expect(readMailConfig(env)?.transport).toEqual({
      host: 'smtp.office365.com',
      port: 587,
      secure: false,
      auth: { user: 'u@x.ca', pass: ' p w ' },
    });
    expect(readMailConfig({ ...env, SMTP_PORT: '465' })?.transport).toMatchObject({
      port: 465,
      secure: true,
    });
  });

  it('uses the settings e-mail as the inbox when PRACTICE_INBOX is unset', () => {
    const config = readMailConfig({ SMTP_HOST: 'h', MAIL_FROM: 'site@x.ca' }, 'hello@practice.example');
    expect(config?.inbox).toBe('hello@practice.example');
  });

  it.each([
    [{ SMTP_URL: 'http://smtp.example.org' }, /SMTP_URL/],
    [{ SMTP_HOST: 'h', SMTP_PORT: 'abc' }, /SMTP_PORT/],
    [{ SMTP_HOST: 'h', SMTP_USER: 'u' }, /SMTP_USER and SMTP_PASSWORD/],
    [{ SMTP_HOST: 'h', MAIL_FROM: '' }, /MAIL_FROM/],
    [{ SMTP_HOST: 'h', MAIL_FROM: 'not an address' }, /MAIL_FROM/],
    [{ SMTP_HOST: 'h', MAIL_FROM: 'a@b.ca\r\nBcc: c@d.ca' }, /MAIL_FROM/],
    [{ SMTP_HOST: 'h', PRACTICE_INBOX: 'inbox' }, /PRACTICE_INBOX/],
  ])('stops with the variable to fix: %j', (env, message) => {
    expect(() => readMailConfig({ ...mail, ...env })).toThrow(message);
  });
});

describe('readRateLimit', () => {
  it('reads FORM_RATE_LIMIT as a whole number, or leaves the default', () => {
    expect(readRateLimit({})).toBeUndefined();
    expect(readRateLimit({ FORM_RATE_LIMIT: '30' })).toEqual({ perClient: 30 });
    expect(() => readRateLimit({ FORM_RATE_LIMIT: '0' })).toThrow(/FORM_RATE_LIMIT/);
    expect(() => readRateLimit({ FORM_RATE_LIMIT: 'lots' })).toThrow(/FORM_RATE_LIMIT/);
  });
});
