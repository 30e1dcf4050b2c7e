import { base64url, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { readSessionToken, SESSION_LIFETIME_MS, signSessionToken } from '@/lib/auth/token';

const newKey = () =>
  crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign', 'verify']);

const claims = (expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS)) => ({
  sessionId: '0b7f4f1e-2d53-4a59-9a36-3c1d2a8b9e10',
  userId: 1,
  expiresAt,
});

describe('session tokens', () => {
  it('signs an HS256 JWT that reads back with the same key', async () => {
    const key = await newKey();
    const token = await signSessionToken(claims(), key);
    const header = JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[0]!))) as object;
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await readSessionToken(token, key)).toMatchObject({ sessionId: claims().sessionId, userId: 1 });
  });

  it('expires with its session, to the second', async () => {
    const key = await newKey();
    const expiresAt = new Date('2030-01-01T02:00:00.000Z');
    const token = await signSessionToken(claims(expiresAt), key);
    const payload = JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!))) as {
      exp: number;
    };
    expect(payload.exp).toBe(expiresAt.getTime() / 1000);
    expect(await readSessionToken(token, key)).toEqual(claims(expiresAt));
  });

  it('refuses garbage and empty input', async () => {
    const key = await newKey();
    for (const garbage of ['', 'not a token', 'a.b.c', '...', 'eyJhbGciOiJIUzI1NiJ9..', 'x'.repeat(5000)]) {
      expect(await readSessionToken(garbage, key)).toBeUndefined();
    }
  });

  it('refuses a token longer than 4,096 characters, even one signed with the key', async () => {
    const key = await newKey();
    const long = await signSessionToken({ ...claims(), sessionId: 'x'.repeat(3100) }, key);
    expect(long.length).toBeGreaterThan(4096);
    expect(await readSessionToken(long, key)).toBeUndefined();
    const fits = await signSessionToken({ ...claims(), sessionId: 'x'.repeat(2900) }, key);
    expect(fits.length).toBeLessThanOrEqual(4096);
    expect(await readSessionToken(fits, key)).toBeDefined();
  });

  it("refuses an unsigned token (alg 'none')", async () => {
    const key = await newKey();
    const unsigned = new UnsecuredJWT({ sid: claims().sessionId })
      .setSubject('1')
      .setExpirationTime('2h')
      .encode();
    expect(await readSessionToken(unsigned, key)).toBeUndefined();
  });

  it('refuses a token signed with another key', async () => {
    const token = await signSessionToken(claims(), await newKey());
    expect(await readSessionToken(token, await newKey())).toBeUndefined();
  });

  it('refuses a token signed with a guessable secret instead of the browser key', async () => {
    const forged = await new SignJWT({ sid: claims().sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('2h')
      .sign(new TextEncoder().encode('secret'));
    expect(await readSessionToken(forged, await newKey())).toBeUndefined();
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const key = await newKey();
    const [header, , signature] = (await signSessionToken(claims(), key)).split('.');
    const payload = base64url.encode(JSON.stringify({ sid: 'another-session', sub: '1', exp: 4102444800 }));
    expect(await readSessionToken(`${header}.${payload}.${signature}`, key)).toBeUndefined();
  });

  it('refuses an expired token', async () => {
    const key = await newKey();
    const token = await signSessionToken(claims(new Date(Date.now() - 1000)), key);
    expect(await readSessionToken(token, key)).toBeUndefined();
  });

  it('refuses a token without the session or user it must name', async () => {
    const key = await newKey();
    const noSession = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('2h')
      .sign(key);
    const noUser = await new SignJWT({ sid: 'abc' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('2h')
      .sign(key);
    const noExpiry = await new SignJWT({ sid: 'abc' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .sign(key);
    const emptySession = await new SignJWT({ sid: '' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('2h')
      .sign(key);
    const fractionalUser = await new SignJWT({ sid: 'abc' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1.5')
      .setExpirationTime('2h')
      .sign(key);
    const hugeUser = await new SignJWT({ sid: 'abc' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('9007199254740993')
      .setExpirationTime('2h')
      .sign(key);
    // Number('') and Number(' 1') read as user ids 0 and 1: only the digits of an id the database gives.
    const userLike = (sub: string) =>
      new SignJWT({ sid: 'abc' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setExpirationTime('2h')
        .sign(key);
    const oddUsers = await Promise.all(['', ' 1', '0', '01', '1e0', '0x1'].map(userLike));
    for (const token of [noSession, noUser, noExpiry, emptySession, fractionalUser, hugeUser, ...oddUsers])
      expect(await readSessionToken(token, key)).toBeUndefined();
    expect(await readSessionToken(await userLike('12'), key)).toMatchObject({ userId: 12 });
  });
});
