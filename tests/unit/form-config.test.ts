// The mail settings the form handler reads when the server starts (server/form-handler/config.ts).
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readMailConfig, readRateLimit, readTrustProxy } from '../../server/form-handler/config';
import { clientAddress } from '../../server/form-handler/node';

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

describe('TRUST_PROXY', () => {
  const request = (forwarded: string | undefined) =>
    ({
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
      socket: { remoteAddress: '10.0.0.2' },
    }) as unknown as IncomingMessage;

  it('is a number of proxies; anything else stops the server with the variable to fix', () => {
    expect(readTrustProxy({})).toBe(0);
    expect(readTrustProxy({ TRUST_PROXY: '0' })).toBe(0);
    expect(readTrustProxy({ TRUST_PROXY: '1' })).toBe(1);
    expect(readTrustProxy({ TRUST_PROXY: ' 2 ' })).toBe(2);
    for (const value of ['yes', 'true', '-1', '1.5', '99']) {
      expect(() => readTrustProxy({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('unset: the socket’s address, whatever X-Forwarded-For claims (behind a proxy, everyone is the proxy)', () => {
    expect(clientAddress(request('198.51.100.9'), 0)).toBe('10.0.0.2');
    expect(clientAddress(request(undefined), 0)).toBe('10.0.0.2');
  });

  it('1 (nginx): the address nginx appended, not what the visitor wrote before it', () => {
    expect(clientAddress(request('203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(request('1.1.1.1, 203.0.113.7'), 1)).toBe('203.0.113.7');
  });

  it('2 (a CDN, then nginx): the address the CDN saw, two entries from the right', () => {
    // The CDN writes the visitor's address; nginx appends the CDN's.
    expect(clientAddress(request('203.0.113.7, 192.0.2.50'), 2)).toBe('203.0.113.7');
    // A visitor's own X-Forwarded-For stays to the left, where nobody reads it.
    expect(clientAddress(request('1.1.1.1, 203.0.113.7, 192.0.2.50'), 2)).toBe('203.0.113.7');
    // Fewer entries than proxies (the CDN was skipped): the leftmost, the one nginx saw.
    expect(clientAddress(request('203.0.113.8'), 2)).toBe('203.0.113.8');
    // No header at all: the socket.
    expect(clientAddress(request(undefined), 2)).toBe('10.0.0.2');
  });
});
