// The JSON POST both forms make to the form-collection service (SPEC 7), and how its errors read.

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A request that gets no answer within this time counts as a connection failure. */
export const REQUEST_TIMEOUT_MS = 20_000;

export interface JsonReply {
  ok: boolean;
  status: number;
  /** The parsed body, or undefined when it was empty or not JSON. */
  body: unknown;
}

/** The fetch to use when none is injected: looked up at call time so tests can stub the global. */
export function defaultFetch(): FetchLike {
  return (input, init) => globalThis.fetch(input, init);
}

/**
 * POSTs `payload` as JSON and reads the answer as JSON. Network failures reject (fetch's
 * TypeError, or a TimeoutError after REQUEST_TIMEOUT_MS); an unreadable body does not.
 */
export async function postJson(
  fetchImpl: FetchLike,
  url: string,
  payload: unknown,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<JsonReply> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(payload),
    signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(timeoutMs) : undefined,
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined; // an HTML error page or an empty 204: the status still tells the outcome
  }
  return { ok: response.ok, status: response.status, body };
}

const MAX_ERROR_LENGTH = 300;

/**
 * The service's own explanation of a failure: `error` (Formspree and most collectors), else the
 * first `errors[].message` (Formspree's per-field list). Shown as text, never as HTML; very long
 * texts are cut so a misbehaving server cannot flood the page.
 */
export function serviceErrorText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { error, errors } = body as { error?: unknown; errors?: unknown };
  let text: unknown = error;
  if (typeof text !== 'string' || !text.trim()) {
    const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
    text = first && typeof first === 'object' ? (first as { message?: unknown }).message : undefined;
  }
  if (typeof text !== 'string' || !text.trim()) return undefined;
  const trimmed = text.trim();
  return trimmed.length > MAX_ERROR_LENGTH ? `${trimmed.slice(0, MAX_ERROR_LENGTH)}…` : trimmed;
}

/** True for failures to reach the server at all: fetch's TypeError, a timeout or an abort. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const name = error && typeof error === 'object' ? (error as { name?: unknown }).name : undefined;
  return name === 'TimeoutError' || name === 'AbortError';
}
