import crypto from 'node:crypto';

export const SIGNATURE_HEADER = 'x-narrascope-signature';
export const TIMESTAMP_HEADER = 'x-narrascope-timestamp';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * HMAC-SHA256 over `<timestamp>.<body>` with the rule's secret, hex, prefixed `sha256=`. The timestamp (Unix
 * seconds) is signed with the body so a receiver can refuse replays older than a few minutes.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A receiver's check (used by the tests; documented in the README for integrators). */
export function verifyWebhook(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
