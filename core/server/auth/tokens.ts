import crypto from 'node:crypto';
import { z } from 'zod';

/**
 * Access tokens are compact HMAC-SHA256 signed JSON (JWT layout, HS256) so a request is authenticated without a
 * database read of the token. Each carries the CSRF value its readable twin cookie holds; a mutating call must
 * echo it in X-CSRF-TOKEN (double submit bound to the signed token, so a forged cookie alone is useless).
 */
const accessClaims = z.object({
  sub: z.string(),
  org: z.string(),
  csrf: z.string(),
  /**
   * The session (refresh-token family, `core_refresh_tokens.session_id`) the token was issued for: the token is
   * honoured only while that session has an active refresh token, so logout revokes it at once.
   */
  sid: z.string(),
  typ: z.literal('access'),
  iat: z.number(),
  /** Issue time in milliseconds, compared with the user's sessions_valid_from (seconds are too coarse). */
  iat_ms: z.number().optional(),
  exp: z.number(),
});
export type AccessClaims = z.infer<typeof accessClaims>;

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function hmac(secret: string, value: string): string {
  return crypto.createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function signAccessToken(secret: string, claims: Omit<AccessClaims, 'typ'>): string {
  const body = b64(JSON.stringify({ ...claims, typ: 'access' }));
  return `${HEADER}.${body}.${hmac(secret, `${HEADER}.${body}`)}`;
}

/** Returns the claims of a valid, unexpired token, or null. */
export function verifyAccessToken(secret: string, token: string, nowSeconds = Date.now() / 1000): AccessClaims | null {
  const [header, body, signature] = token.split('.');
  if (!header || !body || !signature || header !== HEADER) return null;
  if (!safeEqual(signature, hmac(secret, `${header}.${body}`))) return null;
  try {
    const claims = accessClaims.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return claims.exp > nowSeconds ? claims : null;
  } catch {
    return null;
  }
}
