// The registration flow when the lazily loaded database code cannot be downloaded (an old page after
// a redeploy, or the connection lost before the chunk arrived). Its own file: the mock replaces
// '@/lib/db' for every import in the file.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { FetchLike } from '@/lib/forms/post-json';
import { submitRegistration } from '@/lib/forms/submit-registration';
import { jsonResponse } from '../helpers';

vi.mock('@/lib/db', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

it('still sends the registration, and says it was not saved in the browser', async () => {
  const urls = {
    registration: 'https://forms.example/registration',
    confirmation: 'https://mail.example/confirm',
  };
  const fetch = vi.fn<FetchLike>(async (url) =>
    jsonResponse(url === urls.confirmation ? { success: true } : { ok: true }),
  );
  const outcome = await submitRegistration(
    {
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+1 (555) 123-4567',
      educationLevel: 'masters',
      workExperience: '4',
      course: 'both',
    },
    { fetch, endpoints: urls },
  );
  expect(outcome).toEqual({
    status: 'success',
    message: "Registration submitted successfully! We'll contact you soon with further details.",
    savedLocally: false,
  });
  expect(fetch.mock.calls.map(([url]) => url)).toEqual([urls.registration, urls.confirmation]);
  expect(consoleError).toHaveBeenCalledWith(
    expect.stringContaining('could not load the database code'),
    expect.anything(),
  );
});
