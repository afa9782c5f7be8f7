import type { Insight, InsightChange, StrippedUser } from '../shared/api';
import { STATUS_LABELS } from './StatusBadge';

/** What an insight is about, as one line: an account's handle (else name, user id, link, id), a domain's FQDN. */
export function subjectOf(insight: Insight): string {
  if (insight.analyzable_type === 'domain') return insight.analyzable_id ?? insight.link ?? 'Unknown domain';
  const p = insight.additional_properties;
  if (insight.screen_name) return `@${insight.screen_name}`;
  return p.name ?? insight.user_id ?? insight.link ?? insight.analyzable_id ?? 'Unknown account';
}

export const userName = (u: StrippedUser | null) => (u ? `${u.first_name} ${u.last_name}`.trim() || u.id : 'Unknown user');
export const shownTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : 'N/A');

/** The edited_at of an insight: the order of the review queue's groups (spec part 2 section 4). */
export const editedAt = (i: Insight) => i.additional_properties.edited_at || i.updated_at;

const show = (v: unknown) => (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length) ? 'none' : Array.isArray(v) ? v.join(', ') : String(v));

/** One history entry as a sentence: what was done, and what changed. */
export function changeText(change: InsightChange): string {
  const what = {
    submit: change.from_status === null ? 'Submitted for review' : 'Edited and submitted for review',
    approve: 'Approved', reject: 'Declined', delete: 'Deleted', import: 'Imported', repair: 'Repaired',
  }[change.action];
  const status = change.from_status && change.from_status !== change.to_status
    ? ` (${STATUS_LABELS[change.from_status]} → ${STATUS_LABELS[change.to_status]})` : '';
  const fields = Object.entries(change.fields).map(([k, { from, to }]) => `${k.replaceAll('_', ' ')}: ${show(from)} → ${show(to)}`);
  return `${what}${status}${fields.length ? `; ${fields.join('; ')}` : ''}`;
}

/** The history oldest to newest (spec part 2 section 3), whatever order it arrives in. */
export const historyOf = (insight: Insight) => [...insight.changes].sort((a, b) => a.at.localeCompare(b.at));
