import type { SessionUser } from '@core/server/auth/sessionUser';
import { HttpError } from '@core/server/http/errors';
import type { EventType } from '@core/shared/access/api';
import { PLATFORM_KEYS } from '@core/shared/platforms/catalogue';
import { EDITABLE_PROPERTIES, INSIGHT_MESSAGES, type InsightChange, type InsightUpdate } from '../../shared/api';
import { REVIEW_MESSAGES, reviewProblem, TARGET_STATUS, type ReviewAction } from '../../shared/review';
import { checkEdit, clean, cleanList, normaliseFqdn, type CleanProperties } from '../../shared/validation';
import type { AnalyzableType, InsightStatus } from '../../shared/vocabulary';
import { changedFields, changesOf, comparable, editableOf, propertiesOf, strippedUser, type StoredProperties } from '../model';
import { updateInsight } from '../store';
import type { Db, InsightRow } from '../tables';
import { insightDetail } from './common';

/**
 * PATCH /api/v2/insights as a decision: who may do what is shared/review.ts's table; this turns a request into the
 * next row (with its change appended), the audit event, or the refusal. Refusals are 403 when the caller may not
 * (read-only, not a reviewer, may not delete this one) and 409 when the insight is not in a state that allows it
 * (approving or declining what is not pending, anything on a deleted insight).
 */
const CONFLICT_MESSAGES = new Set<string>([REVIEW_MESSAGES.notPending, REVIEW_MESSAGES.alreadyDeleted, REVIEW_MESSAGES.nothingToDelete]);
export const problemStatus = (message: string) => (CONFLICT_MESSAGES.has(message) ? 409 : 403);

const ACTION_OF: Partial<Record<InsightStatus, ReviewAction>> = { approved: 'approve', rejected: 'reject', deleted: 'delete' };
const EVENT_OF: Record<ReviewAction, EventType> = {
  submit: 'insight_updated', approve: 'insight_reviewed', reject: 'insight_reviewed', delete: 'insight_deleted',
};

export type UpdateOutcome =
  | { problem: HttpError }
  | { row: InsightRow; event: EventType; detail: Record<string, unknown>; save: (trx: Db) => Promise<void> };

/** The row after the edits of the form (identity, confidence, permanence, properties), and what is wrong with them. */
function edited(before: InsightRow, update: InsightUpdate): { row: InsightRow; properties: CleanProperties; errors: string[] } {
  const type = before.analyzable_type as AnalyzableType;
  const stored = propertiesOf(before);
  const properties = editableOf(stored);
  const given = update.additional_properties ?? {};
  for (const key of EDITABLE_PROPERTIES) {
    const value = given[key];
    if (value === undefined) continue;
    if (key === 'language' || key === 'subcategory') properties[key] = cleanList(value as string[] | null);
    else properties[key] = clean(value as string | null);
  }
  const errors: string[] = [];
  const row = { ...before };
  if (update.analyzable_id !== undefined) {
    if (type === 'domain') {
      const fqdn = normaliseFqdn(update.analyzable_id);
      if (fqdn) row.analyzable_id = fqdn;
      else errors.push(INSIGHT_MESSAGES.fqdn);
    } else row.analyzable_id = clean(update.analyzable_id);
  }
  if (type === 'account' && update.platform !== undefined) {
    const platform = clean(update.platform);
    if (platform && (PLATFORM_KEYS as readonly string[]).includes(platform)) row.platform = platform;
    else errors.push(INSIGHT_MESSAGES.platformRequired);
  }
  if (update.user_class !== undefined) row.user_class = clean(update.user_class);
  if (update.confidence !== undefined) row.confidence = update.confidence ?? null;
  if (update.permanence !== undefined) row.permanence = update.permanence ?? null;
  errors.push(...checkEdit(type, properties, update, before));
  return { row, properties, errors: [...new Set(errors)] };
}

/** The change appended to the history: who, when, from and to which status, what changed. */
function withChange(row: InsightRow, change: InsightChange, properties: StoredProperties): InsightRow {
  return {
    ...row, status: change.to_status, additional_properties: JSON.stringify(properties),
    changes: JSON.stringify([...changesOf(row), change]), updated_at: change.at,
  };
}

export function applyUpdate(user: SessionUser, before: InsightRow, update: InsightUpdate, now = new Date().toISOString()): UpdateOutcome {
  const from = before.status as InsightStatus;
  const action: ReviewAction = (update.status && ACTION_OF[update.status]) || 'submit';
  const refused = reviewProblem(user, action, from);
  if (refused) return { problem: new HttpError(problemStatus(refused), refused) };
  const by = strippedUser(user);
  const after = edited(before, update);
  const fields = changedFields(comparable(before, editableOf(propertiesOf(before))), comparable(after.row, after.properties));
  const stored = propertiesOf(before);
  let row: InsightRow;
  if (action === 'submit') {
    if (after.errors.length) return { problem: new HttpError(400, after.errors[0]!, after.errors) };
    // Edited from the form: back to review, by whom and when; an earlier review no longer applies.
    const properties: StoredProperties = { ...stored, ...after.properties, edited_at: now, edited_by: by, reviewed_at: null, reviewed_by: null };
    row = withChange({ ...after.row, edited_at: now }, { at: now, by, action, from_status: from, to_status: 'pending', fields }, properties);
  } else {
    // A status change carries the insight as it is: edits in the same body would pass review unseen.
    if (Object.keys(fields).length) return { problem: new HttpError(400, INSIGHT_MESSAGES.editOrStatus) };
    const reviewed = action === 'approve' || action === 'reject';
    const properties: StoredProperties = reviewed ? { ...stored, reviewed_at: now, reviewed_by: by } : stored;
    row = withChange(before, { at: now, by, action, from_status: from, to_status: TARGET_STATUS[action], fields: {} }, properties);
  }
  return {
    row: { ...row, version: before.version + 1 },
    event: EVENT_OF[action],
    detail: { ...insightDetail(row), action, from_status: from, to_status: row.status, fields: Object.keys(fields) },
    save: async (trx) => {
      if (!(await updateInsight(trx, row))) throw new HttpError(409, INSIGHT_MESSAGES.changedMeanwhile);
    },
  };
}
