// The registration flow on fake-indexeddb (tests/unit/setup.ts) with an injected fetch.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME, closeDb, createDatabase, getDb } from '@/lib/db';
import { endpoints } from '@/lib/endpoints';
import type { FetchLike } from '@/lib/forms/post-json';
import {
  registrationErrorMessage,
  saveRegistrationLocally,
  sendRegistration,
  submitRegistration,
} from '@/lib/forms/submit-registration';
import type { RegistrationDetails } from '@/lib/validation/registration';
import { jsonResponse } from '../helpers';

const urls = {
  registration: 'https://forms.example/registration',
  confirmation: 'https://mail.example/confirm',
};
const now = new Date('2025-02-01T15:30:00Z');

// As the form reads it: text everywhere.
const formValues = {
  name: ' Jane Doe ',
  email: 'jane@example.com',
  phone: '+1 (555) 123-4567',
  educationLevel: 'masters',
  workExperience: '4',
  course: 'both',
};
const details: RegistrationDetails = {
  ...formValues,
  name: 'Jane Doe',
  educationLevel: 'masters',
  workExperience: 4,
  course: 'both',
};

const SUCCESS = "Registration submitted successfully! We'll contact you soon with further details.";
const CONFIRMATION_FAILED =
  'Your registration has been saved but we could not send the confirmation email. We will contact you shortly to confirm your registration.';
const CONNECTION =
  'Unable to connect to the registration service. Please try again later or contact us directly.';

/** A fetch that answers the registration and confirmation endpoints separately. */
function serviceFetch({
  registration = () => jsonResponse({ ok: true }),
  confirmation = () => jsonResponse({ success: true }),
}: {
  registration?: () => Response | Promise<Response>;
  confirmation?: () => Response | Promise<Response>;
} = {}) {
  return vi.fn<FetchLike>(async (url) => (url === urls.confirmation ? confirmation() : registration()));
}

const submit = (fetch: FetchLike, input: unknown = formValues, extra = {}) =>
  submitRegistration(input, { fetch, endpoints: urls, now: () => now, ...extra });

const storedRegistrations = () => getDb().registrations.toArray();

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  closeDb();
  await Dexie.delete(DATABASE_NAME);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  closeDb();
  vi.restoreAllMocks();
});

describe('submitRegistration: validation', () => {
  it('returns the field messages and the summary, and neither saves nor sends', async () => {
    const fetch = serviceFetch();
    const outcome = await submit(fetch, { ...formValues, name: 'J', workExperience: '-1', course: '' });
    expect(outcome).toEqual({
      status: 'invalid',
      message: 'Please correct the errors in the form.',
      fieldErrors: {
        name: 'Name must be at least 2 characters',
        workExperience: 'Years must be 0 or greater',
        course: 'Please select a course',
      },
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(await storedRegistrations()).toEqual([]);
  });
});

describe('submitRegistration: success', () => {
  it('saves the registration as pending before sending it', async () => {
    let storedWhenSent: unknown[] = [];
    const fetch = serviceFetch({
      registration: async () => {
        storedWhenSent = await storedRegistrations();
        return jsonResponse({ ok: true });
      },
    });
    const outcome = await submit(fetch);

    expect(outcome).toEqual({ status: 'success', message: SUCCESS, savedLocally: true });
    expect(storedWhenSent).toEqual([{ id: 1, ...details, createdAt: now, status: 'pending' }]);
  });

  it('POSTs the validated registration as JSON, then asks for the confirmation e-mail', async () => {
    const fetch = serviceFetch();
    await submit(fetch);

    expect(fetch.mock.calls.map(([url]) => url)).toEqual([urls.registration, urls.confirmation]);
    for (const [, init] of fetch.mock.calls) {
      expect(init.method).toBe('POST');
      expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
      expect(JSON.parse(init.body as string)).toEqual(details);
    }
  });

  it.each(['sent', 'not-sent'])(
    'passes the site handler’s receipt (%s) back to the confirmation route',
    async (receipt) => {
      const fetch = serviceFetch({
        registration: () => jsonResponse({ ok: true, confirmation: receipt }),
        confirmation: () => jsonResponse({ success: receipt === 'sent' }),
      });
      const outcome = await submit(fetch);
      expect(JSON.parse(fetch.mock.calls[1]![1].body as string)).toEqual({
        ...details,
        confirmation: receipt,
      });
      expect(outcome.message).toBe(receipt === 'sent' ? SUCCESS : CONFIRMATION_FAILED);
    },
  );

  it('uses the configured endpoints and the global fetch by default', async () => {
    const fetch = vi.fn<FetchLike>(async () => jsonResponse({ ok: true, success: true }));
    vi.stubGlobal('fetch', fetch);
    try {
      expect(await submitRegistration(formValues)).toMatchObject({ status: 'success' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([endpoints.registration, endpoints.confirmation]);
  });
});

describe('submitRegistration: the form service refuses', () => {
  it.each([
    ['its error text', jsonResponse({ error: 'Form is disabled' }, 403), 'Form is disabled'],
    [
      'the first message of its errors list',
      jsonResponse({ errors: [{ field: 'email', message: 'should be an email' }] }, 422),
      'should be an email',
    ],
    ['no text at all', jsonResponse({}, 500), 'Failed to send registration'],
    ['an HTML page', new Response('<h1>502</h1>', { status: 502 }), 'Failed to send registration'],
  ])('shows %s, keeps the local copy and skips the confirmation', async (_case, response, message) => {
    const fetch = serviceFetch({ registration: () => response });
    expect(await submit(fetch)).toEqual({
      status: 'error',
      message,
      savedLocally: true,
      saved: { details, id: 1 },
    });
    expect(fetch).toHaveBeenCalledOnce();
    expect(await storedRegistrations()).toHaveLength(1);
  });

  it('saves a registration once however often the visitor retries it', async () => {
    const failing = serviceFetch({ registration: () => jsonResponse({ error: 'Try later' }, 503) });
    const first = await submit(failing);
    expect(first.status).toBe('error');
    const savedEarlier = first.status === 'error' ? first.saved : undefined;
    const again = await submit(failing, formValues, { savedEarlier });
    const sent = await submit(serviceFetch(), formValues, {
      savedEarlier: again.status === 'error' ? again.saved : undefined,
    });
    expect(sent).toEqual({ status: 'success', message: SUCCESS, savedLocally: true });
    expect(await storedRegistrations()).toHaveLength(1);
    // A changed registration is a new one.
    await submit(failing, { ...formValues, course: 'intro' }, { savedEarlier });
    expect(await storedRegistrations()).toHaveLength(2);
  });
});

describe('submitRegistration: exceptions while sending', () => {
  it.each([
    ['a fetch TypeError', new TypeError('Failed to fetch'), CONNECTION],
    ['a timeout', new DOMException('signal timed out', 'TimeoutError'), CONNECTION],
    [
      'another Error with a message',
      new Error('Quota of the form plan reached'),
      'Quota of the form plan reached',
    ],
    ['an Error without a message', new Error(''), 'Failed to submit registration. Please try again later.'],
    ['a thrown string', 'nope', 'An unexpected error occurred. Please try again later.'],
    ['a thrown undefined', undefined, 'An unexpected error occurred. Please try again later.'],
  ])('turns %s into its SPEC 8 message', async (_case, thrown, message) => {
    const fetch = serviceFetch({
      registration: () => {
        throw thrown;
      },
    });
    expect(await submit(fetch)).toEqual({
      status: 'error',
      message,
      savedLocally: true,
      saved: { details, id: 1 },
    });
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('submitRegistration: the confirmation e-mail fails', () => {
  it.each([
    ['says success: false', () => jsonResponse({ success: false })],
    ['answers with an HTTP error', () => jsonResponse({ success: true }, 500)],
    ['answers without a success flag', () => jsonResponse({ ok: true })],
    ['answers with something that is not JSON', () => new Response('OK')],
    [
      'cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('is a success with a warning when the service %s', async (_case, confirmation) => {
    const fetch = serviceFetch({ confirmation });
    expect(await submit(fetch)).toEqual({
      status: 'warning',
      message: CONFIRMATION_FAILED,
      savedLocally: true,
    });
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('submitRegistration: IndexedDB is unusable', () => {
  it('logs the failure and still sends the registration when there is no IndexedDB', async () => {
    const fetch = serviceFetch();
    const outcome = await submit(fetch, formValues, {
      database: () => createDatabase({ indexedDB: undefined }),
    });
    expect(outcome).toEqual({ status: 'success', message: SUCCESS, savedLocally: false });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('save registration failed'),
      expect.anything(),
    );
  });

  it('carries on when the disk is full', async () => {
    vi.spyOn(getDb().registrations, 'add').mockRejectedValue(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    );
    const fetch = serviceFetch();
    expect(await submit(fetch)).toEqual({ status: 'success', message: SUCCESS, savedLocally: false });
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('save registration failed (quota)'),
      expect.anything(),
    );
  });
});

describe('building blocks', () => {
  it('saveRegistrationLocally stores a pending record and returns its id', async () => {
    expect(await saveRegistrationLocally(details, { now: () => now })).toEqual({ saved: true, id: 1 });
    expect(await getDb().registrations.get(1)).toEqual({
      id: 1,
      ...details,
      createdAt: now,
      status: 'pending',
    });
  });

  it("sendRegistration reports 'Registration sent successfully'", async () => {
    const fetch = serviceFetch();
    expect(await sendRegistration(details, fetch, urls.registration)).toEqual({
      ok: true,
      message: 'Registration sent successfully',
    });
  });

  it('registrationErrorMessage words each kind of failure', () => {
    expect(registrationErrorMessage(new TypeError('Load failed'))).toBe(CONNECTION);
    expect(registrationErrorMessage(new DOMException('aborted', 'AbortError'))).toBe(CONNECTION);
    expect(registrationErrorMessage(new RangeError('odd'))).toBe('odd');
    expect(registrationErrorMessage({ message: 'not an Error' })).toBe(
      'An unexpected error occurred. Please try again later.',
    );
  });
});
