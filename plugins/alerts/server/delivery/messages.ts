import type { CriterionOutcome } from '../../shared/api';

/** What a firing tells its e-mail recipients and its webhook. */
export interface AlertMessage {
  firedAlertId: string;
  ruleId: string;
  ruleName: string;
  conversationId: string;
  runId: string;
  runAt: string;
  message: string;
  criteria: CriterionOutcome[];
}

export interface EmailPayload { subject: string; text: string }

export function emailOf(m: AlertMessage): EmailPayload {
  return {
    subject: `Narrascope alert: ${m.ruleName}`,
    text: [
      `The alert rule "${m.ruleName}" fired after the run of ${m.runAt}.`, '', m.message, '',
      `Conversation: ${m.conversationId}`, `Run: ${m.runId}`, `Alert: ${m.firedAlertId}`, '',
      'You receive this because you are a recipient of the rule. Switch alert e-mails off in your preferences.',
    ].join('\n'),
  };
}

/** The webhook's JSON body: the fired alert as the API answers it, plus the rule's name. */
export function webhookBodyOf(m: AlertMessage): string {
  return JSON.stringify({
    type: 'alert.fired', id: m.firedAlertId, alert_config_id: m.ruleId, alert_name: m.ruleName, conversation_id: m.conversationId,
    run_at: m.runAt, details: { criteria: m.criteria, message: m.message, dag_run_id: m.runId },
  });
}
