import { postToPublicAddress } from '@core/server/net/publicPost';
import crypto from 'node:crypto';
import type { Logger } from '@core/server/logger';
import type { Mailer } from '@core/server/auth/mailer';
import { nowIso } from '@core/server/storage/database';
import type { Db, OutboxRow } from '../tables';
import type { EmailPayload } from './messages';
import { IDEMPOTENCY_HEADER, SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from './signing';

export const MAX_ATTEMPTS = 8;
/** First retry after this; doubles each attempt (30 s, 1 min, 2 min ... about an hour by the eighth). */
export const BASE_BACKOFF_MS = 30_000;
/** A claim older than this belongs to a process that died while sending: the message is due again. */
export const CLAIM_TIMEOUT_MS = 120_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

export interface DelivererOptions {
  db: Db;
  mailer: Pick<Mailer, 'send' | 'configured'>;
  logger: Logger;
  baseBackoffMs?: number;
  claimTimeoutMs?: number;
  /** Internal webhook receivers the operator allows (addresses or CIDRs); every other private address is refused. */
  webhookAllowAddresses?: readonly string[];
}

export const backoffMs = (attempts: number, base = BASE_BACKOFF_MS) => base * 2 ** Math.max(0, attempts - 1);

/**
 * Sends the outbox: each due message is claimed with a conditional update (so two processes never send one message),
 * sent, and marked sent; a failure is retried with exponential backoff until MAX_ATTEMPTS, then marked failed.
 * A process killed between claim and mark leaves a claim that lapses after CLAIM_TIMEOUT_MS; the message is then
 * sent again (a webhook with the same Idempotency-Key header): the one window where a receiver may see it twice.
 */
export class Deliverer {
  private readonly me = crypto.randomUUID();
  constructor(private readonly opts: DelivererOptions) {}

  async deliverDue(now = new Date()): Promise<number> {
    const { db } = this.opts;
    const due = await db.selectFrom('alerts_outbox').selectAll()
      .where((eb) => eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now.toISOString())]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', new Date(now.getTime() - (this.opts.claimTimeoutMs ?? CLAIM_TIMEOUT_MS)).toISOString())]),
      ]))
      .orderBy('next_attempt_at').limit(100).execute();
    let sent = 0;
    for (const row of due) {
      if (!(await this.claim(row, now))) continue;
      if (await this.send(row)) sent += 1;
    }
    return sent;
  }

  private async claim(row: OutboxRow, now: Date): Promise<boolean> {
    const claimed = await this.opts.db.updateTable('alerts_outbox')
      .set({ status: 'sending', claimed_by: this.me, claimed_at: now.toISOString(), attempts: Number(row.attempts) + 1 })
      .where('id', '=', row.id).where('status', '=', row.status).where('attempts', '=', row.attempts)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  private async send(row: OutboxRow): Promise<boolean> {
    const attempts = Number(row.attempts) + 1;
    let error: string | null = null;
    try {
      error = row.channel === 'email' ? await this.sendEmail(row) : await this.sendWebhook(row);
    } catch (err) {
      error = (err as Error).message;
    }
    const { db } = this.opts;
    // Only this process's claim is settled: a claim that lapsed and was taken over is the other process's now.
    const settle = (changes: Partial<OutboxRow>) => db.updateTable('alerts_outbox').set(changes)
      .where('id', '=', row.id).where('claimed_by', '=', this.me).where('status', '=', 'sending').execute();
    if (error === null) {
      await settle({ status: 'sent', sent_at: nowIso(), last_error: null });
      return true;
    }
    const giveUp = attempts >= MAX_ATTEMPTS;
    const next = new Date(Date.now() + backoffMs(attempts, this.opts.baseBackoffMs)).toISOString();
    await settle({ status: giveUp ? 'failed' : 'pending', next_attempt_at: next, last_error: error });
    // The target is an address or URL the rule's author entered; the payload stays out of the log.
    this.opts.logger.warn({ outbox: row.id, channel: row.channel, attempts, giveUp, error }, 'alert delivery failed');
    return false;
  }

  private async sendEmail(row: OutboxRow): Promise<string | null> {
    if (!this.opts.mailer.configured) return 'NARRASCOPE_SMTP_URL is not set';
    const payload = JSON.parse(row.payload) as EmailPayload;
    const ok = await this.opts.mailer.send({ to: row.target, subject: payload.subject, text: payload.text });
    return ok ? null : 'the SMTP server did not accept the message';
  }

  private async sendWebhook(row: OutboxRow): Promise<string | null> {
    const rule = await this.opts.db.selectFrom('alerts_configs').select('webhook_secret')
      .where('id', '=', row.idempotency_key.split(':')[0]!).where('organization_id', '=', row.organization_id).executeTakeFirst();
    if (!rule) return 'the alert rule no longer exists';
    const timestamp = Math.floor(Date.now() / 1000);
    // Only to public addresses (or ones the operator allowed): a rule's author must not reach the internal network.
    const result = await postToPublicAddress(row.target, {
      timeoutMs: WEBHOOK_TIMEOUT_MS, allowAddresses: this.opts.webhookAllowAddresses ?? [], body: row.payload,
      headers: {
        'content-type': 'application/json', [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(rule.webhook_secret, timestamp, row.payload), [IDEMPOTENCY_HEADER]: row.idempotency_key,
      },
    });
    if (!result.sent) return `the webhook was not called: ${result.reason}`;
    return result.status >= 200 && result.status < 300 ? null : `the webhook answered ${result.status}`;
  }
}
