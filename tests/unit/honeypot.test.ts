// The honeypot on the browser side: sent only when a robot filled it, so people's submissions keep
// exactly the fields the services expect (Formspree and the handler both read '_gotcha').
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HONEYPOT_FIELD, honeypotValue, withHoneypot } from '@/lib/forms/honeypot';
import type { FetchLike } from '@/lib/forms/post-json';
import { sendContactMessage } from '@/lib/forms/submit-contact';
import { submitRegistration } from '@/lib/forms/submit-registration';
import { jsonResponse } from '../helpers';

afterEach(() => vi.restoreAllMocks());

const contact = { name: 'Jane Doe', email: 'jane@example.com', phone: '', message: 'Please call me back.' };
const registration = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '905 555 0188',
  educationLevel: 'masters',
  workExperience: '2',
  course: 'intro',
};

const bodies = (fetch: ReturnType<typeof vi.fn<FetchLike>>) =>
  fetch.mock.calls.map(([, init]) => JSON.parse(init.body as string) as Record<string, unknown>);

describe('honeypot', () => {
  it('reads the field as text, empty when absent', () => {
    expect(honeypotValue({})).toBe('');
    expect(honeypotValue(null)).toBe('');
    expect(honeypotValue({ [HONEYPOT_FIELD]: 'x' })).toBe('x');
    // A JSON client that sends the field as null is a person: its message must not be dropped.
    expect(honeypotValue({ [HONEYPOT_FIELD]: null })).toBe('');
    expect(honeypotValue({ [HONEYPOT_FIELD]: 1 })).toBe('1');
    // Posted as JSON by a robot: filled, and read without calling what the object names toString.
    expect(honeypotValue({ [HONEYPOT_FIELD]: { toString: null, valueOf: null } })).not.toBe('');
    expect(honeypotValue({ [HONEYPOT_FIELD]: [] })).not.toBe('');
    expect(withHoneypot({ a: 1 }, '')).toEqual({ a: 1 });
    expect(withHoneypot({ a: 1 }, 'bot')).toEqual({ a: 1, [HONEYPOT_FIELD]: 'bot' });
  });

  it('a contact message carries it only when filled', async () => {
    const fetch = vi.fn<FetchLike>(async () => jsonResponse({ ok: true }));
    await sendContactMessage(contact, { fetch, honeypot: '' });
    await sendContactMessage(contact, { fetch, honeypot: 'http://spam.example' });
    expect(bodies(fetch)).toEqual([contact, { ...contact, [HONEYPOT_FIELD]: 'http://spam.example' }]);
  });

  it('a registration carries it to both services only when filled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reply = (url: string) => jsonResponse(url.includes('confirm') ? { success: true } : { ok: true });
    const person = vi.fn<FetchLike>(async (url) => reply(url));
    const robot = vi.fn<FetchLike>(async (url) => reply(url));
    const urls = {
      registration: 'https://forms.example.test/r',
      confirmation: 'https://mail.example.test/confirm',
    };
    const database = () => {
      throw new Error('no database in this test');
    };
    await submitRegistration(registration, { fetch: person, endpoints: urls, database });
    await submitRegistration(registration, { fetch: robot, endpoints: urls, database, honeypot: 'x' });
    for (const body of bodies(person)) expect(body).not.toHaveProperty(HONEYPOT_FIELD);
    expect(bodies(robot)).toHaveLength(2);
    for (const body of bodies(robot)) expect(body).toHaveProperty(HONEYPOT_FIELD, 'x');
  });
});
