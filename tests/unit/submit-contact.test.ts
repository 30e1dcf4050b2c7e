import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@/lib/endpoints';
import { sendContactMessage } from '@/lib/forms/submit-contact';
import type { FetchLike } from '@/lib/forms/post-json';
import { jsonResponse } from '../helpers';

const contact = { name: 'Jane Doe', email: 'jane@example.com', phone: '', message: 'Please call me back.' };

function fetchReturning(response: Response | (() => Promise<Response>)) {
  return vi.fn<FetchLike>(async () => (typeof response === 'function' ? response() : response));
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('sendContactMessage', () => {
  it('POSTs name, email, phone and message as JSON to the contact endpoint', async () => {
    const fetch = fetchReturning(jsonResponse({ ok: true }));
    await sendContactMessage({ ...contact, phone: '555-123-4567' }, { fetch });

    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(endpoints.contact);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '555-123-4567',
      message: 'Please call me back.',
    });
  });

  it('sends only the four fields, and markup as plain text', async () => {
    const fetch = fetchReturning(jsonResponse({ ok: true }));
    const message = '<script>alert("x")</script> مرحبا 👋';
    await sendContactMessage({ ...contact, message, extra: 'no' } as typeof contact, { fetch });
    expect(JSON.parse(fetch.mock.calls[0]![1].body as string)).toEqual({ ...contact, message });
  });

  it('uses another endpoint when given one', async () => {
    const fetch = fetchReturning(jsonResponse({ ok: true }));
    await sendContactMessage(contact, { fetch, endpoint: 'https://forms.example/f/abc' });
    expect(fetch.mock.calls[0]![0]).toBe('https://forms.example/f/abc');
  });

  it('uses the global fetch by default', async () => {
    const fetch = fetchReturning(jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetch);
    expect(await sendContactMessage(contact)).toEqual({ ok: true, message: 'Message sent successfully' });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("reports 'Message sent successfully' on success, even with a body that is not JSON", async () => {
    expect(await sendContactMessage(contact, { fetch: fetchReturning(jsonResponse({ ok: true })) })).toEqual({
      ok: true,
      message: 'Message sent successfully',
    });
    expect(
      await sendContactMessage(contact, { fetch: fetchReturning(new Response(null, { status: 204 })) }),
    ).toEqual({
      ok: true,
      message: 'Message sent successfully',
    });
  });

  it("shows the server's error text", async () => {
    const fetch = fetchReturning(jsonResponse({ error: 'Form not found' }, 404));
    expect(await sendContactMessage(contact, { fetch })).toEqual({ ok: false, error: 'Form not found' });
  });

  it('falls back to the first message of a Formspree errors list', async () => {
    const fetch = fetchReturning(
      jsonResponse(
        { errors: [{ field: 'email', message: 'should be an email' }, { message: 'second' }] },
        422,
      ),
    );
    expect(await sendContactMessage(contact, { fetch })).toEqual({ ok: false, error: 'should be an email' });
  });

  it.each([
    ['an empty JSON error', jsonResponse({}, 500)],
    ['a blank error text', jsonResponse({ error: '  ', errors: [] }, 400)],
    ['an HTML error page', new Response('<html>Bad gateway</html>', { status: 502 })],
    ['a non-string error', jsonResponse({ error: { code: 1 } }, 500)],
  ])("says 'Failed to send message' for %s", async (_case, response) => {
    expect(await sendContactMessage(contact, { fetch: fetchReturning(response) })).toEqual({
      ok: false,
      error: 'Failed to send message',
    });
  });

  it('shows a hostile server error as plain, shortened text', async () => {
    const fetch = fetchReturning(
      jsonResponse({ error: `<img src=x onerror=alert(1)>${'x'.repeat(1000)}` }, 400),
    );
    const result = await sendContactMessage(contact, { fetch });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.startsWith('<img src=x onerror=alert(1)>')).toBe(true);
    expect(result.error.length).toBeLessThanOrEqual(301);
  });

  it("says 'Failed to send message' when the service cannot be reached", async () => {
    const fetch = vi.fn<FetchLike>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await sendContactMessage(contact, { fetch })).toEqual({
      ok: false,
      error: 'Failed to send message',
    });
    const timeout = vi.fn<FetchLike>().mockRejectedValue(new DOMException('timed out', 'TimeoutError'));
    expect(await sendContactMessage(contact, { fetch: timeout })).toEqual({
      ok: false,
      error: 'Failed to send message',
    });
    expect(console.error).toHaveBeenCalled();
  });

  it('shows the message of another Error', async () => {
    const fetch = vi.fn<FetchLike>().mockRejectedValue(new Error('Something specific broke'));
    expect(await sendContactMessage(contact, { fetch })).toEqual({
      ok: false,
      error: 'Something specific broke',
    });
  });

  it("says 'An unexpected error occurred. Please try again.' for a thrown non-Error", async () => {
    const fetch = vi.fn<FetchLike>().mockRejectedValue('boom');
    expect(await sendContactMessage(contact, { fetch })).toEqual({
      ok: false,
      error: 'An unexpected error occurred. Please try again.',
    });
  });

  it('gives up on a request that never answers, through an abort signal', async () => {
    const fetch = fetchReturning(jsonResponse({ ok: true }));
    await sendContactMessage(contact, { fetch });
    expect(fetch.mock.calls[0]![1].signal).toBeInstanceOf(AbortSignal);
  });
});
