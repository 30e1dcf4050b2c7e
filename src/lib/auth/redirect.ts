/**
 * Where to go after signing in (SPEC 2, Login): the protected page the visitor came from, or the
 * post list. The target comes from the URL (?next=...), which anyone can write, so only a path on
 * this site is ever followed. Refused, in any layer of percent-encoding: absolute URLs
 * ('https://evil.example'), scheme-like values ('javascript:...'), protocol-relative ('//evil')
 * and backslash forms ('/\evil', which browsers read as '//evil'), also once dot segments are
 * resolved ('/.//evil'), control characters and spaces.
 */
import { ADMIN_POSTS_PATH } from '@/lib/admin/routes';

export const DEFAULT_AFTER_LOGIN = ADMIN_POSTS_PATH;
export const LOGIN_PATH = '/login';

const MAX_TARGET_LENGTH = 2048;
const MAX_DECODING_ROUNDS = 5;
// A placeholder origin to resolve against; any result on another origin is refused.
const BASE = 'https://this-site.invalid';

function isSafeLayer(value: string): boolean {
  if (!value.startsWith('/')) return false;
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  if (value.includes('\\')) return false;
  // Control characters, spaces and other whitespace (browsers strip tabs and newlines from URLs).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/.test(value))
    return false;
  return true;
}

/** True when the value and each of its percent-decodings is a safe layer. */
function isSafeInEveryLayer(value: string): boolean {
  let layer = value;
  for (let round = 0; round < MAX_DECODING_ROUNDS; round += 1) {
    if (!isSafeLayer(layer)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return false;
    }
    if (decoded === layer) return true;
    layer = decoded;
  }
  return false;
}

/** A same-site path (with its query and fragment) to go to, or the default. */
export function safeRedirectTarget(raw: unknown, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_TARGET_LENGTH) return fallback;
  if (!isSafeInEveryLayer(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Resolving dot segments can make '//evil.example' of '/.//evil.example': check the result again.
  if (!isSafeInEveryLayer(url.pathname)) return fallback;
  // Going back to the login page would only ask again.
  if (url.pathname === LOGIN_PATH || url.pathname.startsWith(`${LOGIN_PATH}/`)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where the login page goes once signed in: the `next` of its address (`location.search`), checked. */
export function targetAfterSignIn(search: string): string {
  return safeRedirectTarget(new URLSearchParams(search).get('next'));
}

/** '/login?next=/admin/posts/3/edit': the login page, remembering where the visitor was going. */
export function loginUrlFor(target: string): string {
  const next = safeRedirectTarget(target);
  if (next === DEFAULT_AFTER_LOGIN) return LOGIN_PATH;
  // Slashes are safe in a query value and keep the address readable.
  return `${LOGIN_PATH}?next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`;
}
