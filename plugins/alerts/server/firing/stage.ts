import crypto from 'node:crypto';
import { defineStage } from '@core/server/plugin/contract';
import { nowIso } from '@core/server/storage/database';
import { EVALUATE_STAGE_ID, METRICS_STAGE_ID } from '../../shared/public';
import { ruleConfigOf } from '../model';
import { dbOf, type ConfigRow, type Db, type OutboxRow } from '../tables';
import { emailOf, webhookBodyOf, type AlertMessage } from '../delivery/messages';
import { resolveRecipients } from './recipients';
import { ruleAtRun } from './rule';

/**
 * DAG step 5, after the metrics: every enabled, unmuted rule on the conversation judged at this run. A firing is
 * stored with its outbox messages and notifications in one transaction, keyed by (rule, run): a resumed or retried
 * run finds it and writes nothing again, and a crash before the commit leaves nothing to half-send.
 */
export const evaluateStage = defineStage({
  id: EVALUATE_STAGE_ID,
  title: 'Alert rules',
  version: 1,
  dagStep: 5,
  dependsOn: [METRICS_STAGE_ID],
  async run(ctx) {
    const db = dbOf(ctx.storage);
    const now = nowIso();
    const rules = await db.selectFrom('alerts_configs').selectAll()
      .where('organization_id', '=', ctx.organizationId).where('alertable_id', '=', ctx.conversationId)
      .where('enabled', '=', 1).where('deleted_at', 'is', null).orderBy('created_at').execute();
    let fired = 0;
    for (const rule of rules) {
      if (rule.muted_until && rule.muted_until > now) continue;
      if (await fireRule(db, rule, ctx.runId)) fired += 1;
    }
    ctx.progress(1, `${fired} of ${rules.length} alert rules fired`);
  },
});

/** Judges one rule at one run and stores its firing; answers whether a new firing was stored. */
export async function fireRule(db: Db, rule: ConfigRow, runId: string): Promise<boolean> {
  const config = ruleConfigOf(rule);
  const told = await db.selectFrom('alerts_fired').select('run_id').where('alert_config_id', '=', rule.id).where('run_id', '!=', runId).execute();
  const judged = await ruleAtRun(db, rule.organization_id, rule.alertable_id, rule.name, config.criteria, runId, new Set(told.map((f) => f.run_id)));
  if (!judged?.fired) return false;
  const recipientIds = rule.recipients ? (JSON.parse(rule.recipients) as string[]) : rule.created_by ? [rule.created_by] : [];
  const recipients = await resolveRecipients(db, rule.organization_id, recipientIds);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('alerts_fired').select('id').where('alert_config_id', '=', rule.id).where('run_id', '=', runId).executeTakeFirst();
    if (existing) return false;
    const now = nowIso();
    const firedId = crypto.randomUUID();
    const details = { criteria: judged.criteria, message: judged.message, dag_run_id: runId };
    const emailed = recipients.filter((r) => r.emailed);
    await trx.insertInto('alerts_fired').values({
      id: firedId, organization_id: rule.organization_id, alert_config_id: rule.id, conversation_id: rule.alertable_id, run_id: runId,
      recipients: JSON.stringify(emailed.map((r) => ({ email: r.email }))), details: JSON.stringify(details), run_at: judged.timestamp,
      created_at: now, updated_at: now,
    }).execute();
    const message: AlertMessage = {
      firedAlertId: firedId, ruleId: rule.id, ruleName: rule.name, conversationId: rule.alertable_id, runId, runAt: judged.timestamp,
      message: judged.message, criteria: judged.criteria,
    };
    const outbox: OutboxRow[] = emailed.map((r) => outboxRow(rule, firedId, runId, 'email', r.email, JSON.stringify(emailOf(message)), now));
    if (config.webhook_url) outbox.push(outboxRow(rule, firedId, runId, 'webhook', config.webhook_url, webhookBodyOf(message), now));
    if (outbox.length > 0) await trx.insertInto('alerts_outbox').values(outbox).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute();
    if (recipients.length > 0) {
      await trx.insertInto('alerts_notifications').values(recipients.map((r) => ({
        id: crypto.randomUUID(), organization_id: rule.organization_id, user_id: r.id, fired_alert_id: firedId, read_at: null, created_at: now,
      }))).onConflict((oc) => oc.columns(['user_id', 'fired_alert_id']).doNothing()).execute();
    }
    return true;
  });
}

function outboxRow(rule: ConfigRow, firedId: string, runId: string, channel: OutboxRow['channel'], target: string, payload: string, now: string): OutboxRow {
  return {
    id: crypto.randomUUID(), organization_id: rule.organization_id, fired_alert_id: firedId,
    idempotency_key: `${rule.id}:${runId}:${channel}:${target}`, channel, target, payload, status: 'pending', attempts: 0,
    next_attempt_at: now, claimed_by: null, claimed_at: null, last_error: null, sent_at: null, created_at: now,
  };
}
