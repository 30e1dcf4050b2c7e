// The Netlify Function (netlify/functions/forms.mts) with its mail settings missing or half done:
// the forms still get their JSON answer (`error`, SPEC 7's contract), and the function's log names
// what to set, rather than the function throwing and Netlify answering with its own error page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORM_ROUTES } from '@/lib/config/shared.mjs';

type Forms = (request: Request, context: { ip?: string }) => Promise<Response>;

/** A fresh copy of the function (it keeps its handler once made), under `env`. */
async function functionWith(env: Record<string, string>): Promise<Forms> {
  for (const name of ['SMTP_URL', 'SMTP_HOST', 'MAIL_FROM', 'PRACTICE_INBOX', 'FORM_RATE_LIMIT'])
    vi.stubEnv(name, '');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import('../../netlify/functions/forms.mts')).default;
}

const contact = (forms: Forms) =>
  forms(
    new Request(`https://www.example.org${FORM_ROUTES.contact}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ name: 'Zoë Tremblay', email: 'zoe@example.com', phone: '', message: 'Hello' }),
    }),
    { ip: '203.0.113.40' },
  );

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the Netlify Function without a complete mail configuration', () => {
  it('answers 503 with a JSON error when SMTP is not set', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await contact(await functionWith({}));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: 'The form cannot be sent at the moment. Please try again later, or call or email us.',
      success: false,
    });
    expect(logged.mock.calls.flat().join(' ')).toMatch(/SMTP_URL or SMTP_HOST/);
  });

  it.each([
    [
      'MAIL_FROM missing',
      { SMTP_URL: 'smtp://smtp.example.org:587', PRACTICE_INBOX: 'inbox@example.org' },
      /MAIL_FROM/,
    ],
    [
      'FORM_RATE_LIMIT not a number',
      {
        SMTP_URL: 'smtp://smtp.example.org:587',
        MAIL_FROM: 'Site <site@example.org>',
        PRACTICE_INBOX: 'inbox@example.org',
        FORM_RATE_LIMIT: 'lots',
      },
      /FORM_RATE_LIMIT/,
    ],
  ])('answers 503 with a JSON error, and logs the variable, with %s', async (_, env, variable) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await contact(await functionWith(env));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      error: 'The form cannot be sent at the moment. Please try again later, or call or email us.',
      success: false,
    });
    expect(logged.mock.calls.flat().join(' ')).toMatch(variable);
  });
});
