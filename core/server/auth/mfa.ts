import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../storage/tables';
import type { Storage } from '../storage/database';
import { nowIso } from '../storage/database';
import type { SecretBox } from './secrets';
import { randomToken, sha256 } from './tokens';

/** A code from the step before or after is accepted too: phone clocks drift. */
const EPOCH_TOLERANCE_SECONDS = 30;
const RECOVERY_CODES = 10;
/** An enrolment not confirmed within this time must start again. */
const PENDING_TTL_MS = 30 * 60_000;

export type CodeCheck = 'valid' | 'invalid' | 'recovery';

/**
 * TOTP (RFC 6238, otplib) enrolment and verification. Secrets are sealed with the SecretBox; each accepted
 * code's time step is stored so the same code cannot be replayed; recovery codes are stored hashed and work once.
 */
export class MfaService {
  constructor(private readonly storage: Storage, private readonly box: SecretBox, private readonly issuer: string) {}

  /** Starts (or restarts) enrolment: a new secret waits for its first code before it counts. */
  async beginEnrolment(userId: string, email: string) {
    const secret = generateSecret();
    const now = nowIso();
    await this.storage.db.insertInto('core_mfa')
      .values({ user_id: userId, secret: null, pending_secret: this.box.seal(secret), pending_created_at: now, last_time_step: 0, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: this.box.seal(secret), pending_created_at: now, updated_at: now }))
      .execute();
    const otpauthUri = generateURI({ issuer: this.issuer, label: email, secret });
    const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
    return { secret, otpauth_uri: otpauthUri, qr_code: qrCode };
  }

  /**
   * Confirms enrolment with a code from the pending secret. Answers the recovery codes (shown once) or null
   * when there is no pending enrolment or the code is wrong. Runs in the caller's transaction.
   */
  async confirmEnrolment(trx: Kysely<CoreTables>, userId: string, code: string): Promise<string[] | null> {
    const row = await trx.selectFrom('core_mfa').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row?.pending_secret || !row.pending_created_at) return null;
    if (Date.parse(row.pending_created_at) + PENDING_TTL_MS < Date.now()) return null;
    const secret = this.box.open(row.pending_secret);
    const step = await this.matchingStep(secret, code, 0);
    if (step === null) return null;
    await trx.updateTable('core_mfa')
      .set({ secret: row.pending_secret, pending_secret: null, pending_created_at: null, last_time_step: step, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('core_mfa_recovery_codes').where('user_id', '=', userId).execute();
    const codes = Array.from({ length: RECOVERY_CODES }, () => formatRecoveryCode(randomToken(8)));
    for (const c of codes) {
      await trx.insertInto('core_mfa_recovery_codes')
        .values({ id: crypto.randomUUID(), user_id: userId, code_hash: hashRecoveryCode(c), used_at: null, created_at: nowIso() })
        .execute();
    }
    return codes;
  }

  /** Checks a sign-in code: a TOTP code newer than the last accepted one, or an unused recovery code. */
  async checkSignInCode(userId: string, code: string): Promise<CodeCheck> {
    const row = await this.storage.db.selectFrom('core_mfa').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row?.secret) return 'invalid';
    const compact = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(compact)) {
      const step = await this.matchingStep(this.box.open(row.secret), compact, row.last_time_step);
      if (step === null) return 'invalid';
      // Conditional update: two simultaneous sign-ins with one code cannot both succeed.
      const updated = await this.storage.db.updateTable('core_mfa').set({ last_time_step: step, updated_at: nowIso() })
        .where('user_id', '=', userId).where('last_time_step', '<', step).executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1 ? 'valid' : 'invalid';
    }
    const used = await this.storage.db.updateTable('core_mfa_recovery_codes').set({ used_at: nowIso() })
      .where('user_id', '=', userId).where('code_hash', '=', hashRecoveryCode(compact)).where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? 'recovery' : 'invalid';
  }

  async remainingRecoveryCodes(userId: string): Promise<number> {
    const row = await this.storage.db.selectFrom('core_mfa_recovery_codes').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Forgets the authenticator and recovery codes (the user enrols again). */
  async remove(trx: Kysely<CoreTables>, userId: string): Promise<void> {
    await trx.deleteFrom('core_mfa').where('user_id', '=', userId).execute();
    await trx.deleteFrom('core_mfa_recovery_codes').where('user_id', '=', userId).execute();
  }

  private async matchingStep(secret: string, code: string, afterTimeStep: number): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    try {
      const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS, afterTimeStep });
      return result.valid && 'timeStep' in result ? result.timeStep : null;
    } catch {
      // otplib refuses an afterTimeStep ahead of the clock (the server's clock went back): not a valid code.
      return null;
    }
  }
}

function formatRecoveryCode(raw: string): string {
  const s = raw.replace(/[^A-Za-z0-9]/g, 'x').toLowerCase().slice(0, 10).padEnd(10, 'x');
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Recovery codes are typed by hand: compare them without case, spaces or the dash. */
function hashRecoveryCode(code: string): string {
  return sha256(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);
}
