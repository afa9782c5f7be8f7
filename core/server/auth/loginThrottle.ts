import type { Storage } from '../storage/database';
import { nowIso } from '../storage/database';
import { sha256 } from './tokens';

/**
 * Per-account brute-force protection: failed sign-ins are counted per e-mail (known or not, so the answer
 * never reveals which exist) in the database, so every API process sharing it counts together. Once the limit
 * is reached the account answers the generic invalid-credentials message, correct password or not, until the
 * window has passed. Per-IP limits are @fastify/rate-limit's job (see rateLimits.ts).
 */
export class LoginThrottle {
  constructor(private readonly storage: Storage, private readonly maxFailures: number, private readonly windowMinutes: number) {}

  private key(email: string): string {
    return sha256(`login:${email.trim().toLowerCase()}`);
  }

  private windowStart(): string {
    return new Date(Date.now() - this.windowMinutes * 60_000).toISOString();
  }

  async isLocked(email: string): Promise<boolean> {
    const row = await this.storage.db.selectFrom('core_login_failures').selectAll().where('key_hash', '=', this.key(email)).executeTakeFirst();
    return !!row && row.window_started_at > this.windowStart() && row.failures >= this.maxFailures;
  }

  async recordFailure(email: string): Promise<void> {
    const key = this.key(email);
    const now = nowIso();
    await this.storage.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('core_login_failures').selectAll().where('key_hash', '=', key).executeTakeFirst();
      if (!row) {
        await trx.insertInto('core_login_failures').values({ key_hash: key, failures: 1, window_started_at: now })
          .onConflict((oc) => oc.column('key_hash').doUpdateSet((eb) => ({ failures: eb('core_login_failures.failures', '+', 1) })))
          .execute();
      } else if (row.window_started_at <= this.windowStart()) {
        await trx.updateTable('core_login_failures').set({ failures: 1, window_started_at: now }).where('key_hash', '=', key).execute();
      } else {
        await trx.updateTable('core_login_failures').set((eb) => ({ failures: eb('failures', '+', 1) })).where('key_hash', '=', key).execute();
      }
    });
  }

  async clear(email: string): Promise<void> {
    await this.storage.db.deleteFrom('core_login_failures').where('key_hash', '=', this.key(email)).execute();
  }
}
