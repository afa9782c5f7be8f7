import { accessKey } from '@core/server/auth/access';
import { classifyAddress } from '@core/server/net/addressPolicy';
import { defineServerPlugin } from '@core/server/plugin/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import { conversationDirectoryKey, postScopeKey } from '@core/server/postScope';
import { insightLookupKey } from '@plugins/insights/shared/public';
import { narrativesServiceKey } from '@plugins/topics/shared/public';
import { manifest } from '../manifest';
import { Deliverer } from './delivery/deliverer';
import { evaluateStage } from './firing/stage';
import { metricsStage } from './metrics/stage';
import { migrations } from './migrations';
import { registerConfigRoutes } from './routes/configs';
import { registerConversationRoutes } from './routes/conversation';
import { registerOrganizationRoutes } from './routes/organization';
import { dbOf } from './tables';

/** How often the worker looks at the outbox (the worker loop's own poll bounds it from below). */
export const DELIVERY_INTERVAL_MS = 2_000;
/** Operators' override of how long a dead process's claim on a message holds (ms; default CLAIM_TIMEOUT_MS). */
export const CLAIM_TIMEOUT_ENV = 'NARRASCOPE_ALERTS_CLAIM_TIMEOUT_MS';

/** Operators' list of internal webhook receivers (comma-separated addresses or CIDRs); none by default. */
export const WEBHOOK_ALLOW_ENV = 'NARRASCOPE_WEBHOOK_ALLOWED_ADDRESSES';

function webhookAllowAddresses(env: Record<string, string | undefined> = process.env): string[] {
  const list = (env[WEBHOOK_ALLOW_ENV] ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  try {
    classifyAddress('0.0.0.0', list);
  } catch {
    throw new Error(`${WEBHOOK_ALLOW_ENV} must list IP addresses or CIDRs separated by commas (got '${env[WEBHOOK_ALLOW_ENV]}')`);
  }
  return list;
}

function claimTimeoutMs(env: Record<string, string | undefined> = process.env): number | undefined {
  const value = Number(env[CLAIM_TIMEOUT_ENV]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export default defineServerPlugin({
  manifest,
  migrations,
  routes: (r) => {
    registerConfigRoutes(r);
    registerConversationRoutes(r);
    registerOrganizationRoutes(r);
  },
  stages: [metricsStage, evaluateStage],
  // Narratives and risk categories enrich the metrics when their plugins are installed; without them every post
  // counts in narrative '' and category Default. The conversation directory names conversations in the alert audit.
  services: { requires: [postScopeKey, pipelineKey, accessKey], optional: [narrativesServiceKey, insightLookupKey, conversationDirectoryKey] },
  async activate(ctx) {
    // The outbox is sent by every process that runs the pipeline worker (claims keep them apart), with core's mailer:
    // the SMTP settings the invitation and password e-mails use.
    const deliverer = new Deliverer({ db: dbOf(ctx.storage), mailer: ctx.services.get(accessKey).mailer, logger: ctx.logger, claimTimeoutMs: claimTimeoutMs(),
      webhookAllowAddresses: webhookAllowAddresses() });
    // Sending runs beside the worker loop, never inside it: a slow SMTP server or webhook must not hold up runs.
    let sending: Promise<unknown> | null = null;
    return [ctx.services.get(pipelineKey).addPeriodicTask({
      id: 'alerts.deliver', intervalMs: DELIVERY_INTERVAL_MS,
      run: async (now) => {
        if (sending) return;
        sending = deliverer.deliverDue(now)
          .catch((err: unknown) => ctx.logger.error({ err }, 'alert delivery pass failed'))
          .finally(() => { sending = null; });
      },
    })];
  },
});
