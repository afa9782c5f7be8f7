import type { z } from 'zod';
import { INSIGHT_MESSAGES, newInsightSchema } from '../../shared/api';
import { checkNewInsight, type Checked, type ValidInsight } from '../../shared/validation';
import { IMPORT_MESSAGES } from './messages';

/**
 * One imported row, CSV or JSON, against the same rules as the form: its shape first (the JSON may hold anything),
 * then spec section 5 through `checkNewInsight`, so an import refuses a row with the form's own words.
 */
export function checkRow(value: unknown): Checked<ValidInsight> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, errors: [IMPORT_MESSAGES.notObject] };
  const parsed = newInsightSchema.safeParse(value);
  if (!parsed.success) return { ok: false, errors: [...new Set(parsed.error.issues.map(shapeMessage))] };
  return checkNewInsight(parsed.data);
}

/**
 * Words for a zod issue. Platform ids stay text: a numeric id in JSON may already have lost digits (JSON numbers are
 * doubles), so it is refused rather than turned into a string.
 */
function shapeMessage(issue: z.core.$ZodIssue): string {
  const field = issue.path.filter((p): p is string => typeof p === 'string').join('.');
  if (field === 'analyzable_type') return INSIGHT_MESSAGES.unknownType;
  if (field === 'confidence') return IMPORT_MESSAGES.confidence;
  if (field === 'permanence') return IMPORT_MESSAGES.permanence;
  if (field === 'additional_properties') return IMPORT_MESSAGES.mustBeObject(field);
  if (/\.(language|subcategory)$/.test(field)) return IMPORT_MESSAGES.mustBeList(field);
  return IMPORT_MESSAGES.mustBeText(field);
}

/**
 * What makes two rows the same account or domain: a domain by its FQDN; an account, on its platform, by any of its
 * identifiers (platform id, user id, handle without case, link), or by its name when it has no identifier at all.
 */
export function identityKeys(insight: ValidInsight): string[] {
  if (insight.analyzable_type === 'domain') return [`domain:${insight.analyzable_id}`];
  const on = `account:${insight.platform}`;
  const keys = [
    insight.analyzable_id && `${on}:id:${insight.analyzable_id}`,
    insight.user_id && `${on}:user_id:${insight.user_id}`,
    insight.screen_name && `${on}:screen_name:${insight.screen_name.toLowerCase()}`,
    insight.link && `${on}:link:${insight.link}`,
  ].filter((k): k is string => !!k);
  return keys.length ? keys : [`${on}:name:${insight.properties.name?.toLowerCase()}`];
}
