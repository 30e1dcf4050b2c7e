// Session tokens (SPEC 4, 7 and 9): HS256 JWTs made with jose that expire with their session.
// The token names its session (sid) and user (sub); whether the session still exists is checked
// by session.ts, since a token alone cannot know that it was signed out.
import { jwtVerify, SignJWT } from 'jose';

export const TOKEN_ALGORITHM = 'HS256';
/** Sessions and tokens both live two hours (SPEC 9). */
export const SESSION_LIFETIME_MS = 2 * 60 * 60 * 1000;

export interface TokenClaims {
  sessionId: string;
  userId: number;
  /** When the token stops being valid (the session's expiresAt). */
  expiresAt: Date;
}

/**
 * Signs a token for the session. `exp` is the session's expiry rounded up to the whole second
 * JWTs count in; the session check (milliseconds) makes the two end at the same instant.
 */
export async function signSessionToken(claims: TokenClaims, key: CryptoKey): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.ceil(claims.expiresAt.getTime() / 1000))
    .sign(key);
}

/**
 * The claims of a token whose signature checks with `key`, made with HS256 only (so 'none' and any
 * other algorithm are refused) and not expired; undefined for anything else: garbage, a token
 * signed with another key, tampered with or expired. Never throws.
 */
export async function readSessionToken(token: string, key: CryptoKey): Promise<TokenClaims | undefined> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return undefined;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [TOKEN_ALGORITHM],
      requiredClaims: ['exp'],
    });
    // The digits of a database id (from 1): Number() reads '' as 0 and ' 1', '1e0' or '0x1' as 1.
    const userId = /^[1-9]\d*$/.test(payload.sub ?? '') ? Number(payload.sub) : Number.NaN;
    if (
      typeof payload.sid !== 'string' ||
      !payload.sid ||
      !Number.isSafeInteger(userId) ||
      payload.exp === undefined
    ) {
      return undefined;
    }
    return { sessionId: payload.sid, userId, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return undefined;
  }
}
