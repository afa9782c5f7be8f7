import { RISK_CATEGORIES } from '@plugins/insights/shared/public';
import type { Criterion } from './api';
import { ALERT_MESSAGES as M } from './messages';
import { CRITERION_KINDS, DIRECTIONS, MAX_CRITERIA, METRICS, NAME_MAX, SENSITIVITIES, UNITS } from './vocabulary';

export interface AlertConfigInput {
  name: string;
  alertable_type: 'conversation';
  alertable_id: string;
  config: { criteria: Criterion[]; webhook_url: string | null };
  enabled: boolean;
  recipients: string[] | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === 'string' && (list as readonly string[]).includes(v);
const stringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string' && s.trim() !== '');

function checkCriterion(raw: unknown, i: number, errors: string[]): Criterion | null {
  if (!isObject(raw)) {
    errors.push(M.metricRequired(i));
    return null;
  }
  const before = errors.length;
  if (raw.metric === undefined || raw.metric === null) errors.push(M.metricRequired(i));
  else if (!oneOf(METRICS, raw.metric)) errors.push(M.metric(i));
  if (raw.unit === undefined || raw.unit === null) errors.push(M.unitRequired(i));
  else if (!oneOf(UNITS, raw.unit)) errors.push(M.unit(i));
  if (raw.direction === undefined || raw.direction === null) errors.push(M.directionRequired(i));
  else if (!oneOf(DIRECTIONS, raw.direction)) errors.push(M.direction(i));
  if (raw.threshold === undefined || raw.threshold === null) errors.push(M.thresholdRequired(i));
  else if (typeof raw.threshold !== 'number' || !Number.isFinite(raw.threshold) || raw.threshold < 0) errors.push(M.threshold(i));
  if (raw.platform !== undefined && raw.platform !== null && !stringList(raw.platform)) errors.push(M.platform(i));
  if (raw.risk_categories !== undefined && raw.risk_categories !== null) {
    if (!stringList(raw.risk_categories)) errors.push(M.riskCategories(i));
    else for (const c of raw.risk_categories) if (!oneOf(RISK_CATEGORIES, c)) errors.push(M.riskCategoryUnknown(i, c));
  }
  if (raw.kind !== undefined && !oneOf(CRITERION_KINDS, raw.kind)) errors.push(M.kind(i));
  if (raw.sensitivity !== undefined && !oneOf(SENSITIVITIES, raw.sensitivity)) errors.push(M.sensitivity(i));
  if (raw.kind === 'unusual_change' && (raw.metric !== 'post_count' || raw.unit !== 'count')) errors.push(M.unusualNeedsCount(i));
  if (errors.length > before) return null;
  const platform = raw.platform as string[] | null | undefined;
  const categories = raw.risk_categories as string[] | null | undefined;
  return {
    metric: raw.metric as Criterion['metric'], unit: raw.unit as Criterion['unit'], direction: raw.direction as Criterion['direction'],
    threshold: raw.threshold as number,
    platform: platform && platform.length > 0 ? [...new Set(platform.map((p) => p.trim().toLowerCase()))] : null,
    risk_categories: categories && categories.length > 0 ? [...new Set(categories)] : null,
    kind: (raw.kind as Criterion['kind']) ?? 'threshold',
    ...(raw.kind === 'unusual_change' ? { sensitivity: (raw.sensitivity as Criterion['sensitivity']) ?? 'medium' } : {}),
  };
}

/** The rule's `config`: its criteria and optional webhook. Shared by the create/update calls and the preview. */
export function checkRuleConfig(config: unknown, errors: string[]): AlertConfigInput['config'] | null {
  if (config === undefined || config === null) {
    errors.push(M.configRequired);
    return null;
  }
  if (!isObject(config) || !Array.isArray(config.criteria) || config.criteria.length === 0) {
    errors.push(M.criteriaRequired);
    return null;
  }
  if (config.criteria.length > MAX_CRITERIA) {
    errors.push(M.tooManyCriteria);
    return null;
  }
  const criteria = config.criteria.map((c, i) => checkCriterion(c, i, errors));
  let webhookUrl: string | null = null;
  if (config.webhook_url !== undefined && config.webhook_url !== null && config.webhook_url !== '') {
    webhookUrl = typeof config.webhook_url === 'string' ? httpUrl(config.webhook_url) : null;
    if (!webhookUrl) errors.push(M.webhookUrl);
  }
  if (criteria.some((c) => c === null) || (config.webhook_url && !webhookUrl)) return null;
  return { criteria: criteria as Criterion[], webhook_url: webhookUrl };
}

function httpUrl(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Checks a whole alert configuration in the order of the spec's fields; answers every problem, first one first.
 * Required: name, alertable_type, alertable_id, config, enabled (spec part 2 section 3).
 */
export function checkAlertConfig(body: unknown): Checked<AlertConfigInput> {
  if (!isObject(body)) return { ok: false, errors: [M.notObject] };
  const errors: string[] = [];
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (name === '') errors.push(M.nameRequired);
  else if (name.length > NAME_MAX) errors.push(M.nameTooLong);
  if (body.alertable_type === undefined || body.alertable_type === null || body.alertable_type === '') errors.push(M.alertableTypeRequired);
  else if (body.alertable_type !== 'conversation') errors.push(M.alertableType);
  if (body.alertable_id === undefined || body.alertable_id === null || body.alertable_id === '') errors.push(M.alertableIdRequired);
  else if (typeof body.alertable_id !== 'string' || !UUID.test(body.alertable_id)) errors.push(M.alertableIdUuid);
  const config = checkRuleConfig(body.config, errors);
  if (body.enabled === undefined || body.enabled === null) errors.push(M.enabledRequired);
  else if (typeof body.enabled !== 'boolean') errors.push(M.enabledBoolean);
  let recipients: string[] | null = null;
  if (body.recipients !== undefined && body.recipients !== null) {
    if (!Array.isArray(body.recipients) || !body.recipients.every((r) => typeof r === 'string' && UUID.test(r))) errors.push(M.recipientsList);
    else recipients = [...new Set(body.recipients as string[])];
  }
  if (errors.length > 0 || !config) return { ok: false, errors };
  return {
    ok: true,
    value: { name, alertable_type: 'conversation', alertable_id: (body.alertable_id as string).toLowerCase(), config, enabled: body.enabled as boolean, recipients },
  };
}
