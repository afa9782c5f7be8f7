import type { Conversation, ConversationStatus } from './api';
import { MESSAGES } from './messages';

/** List badge (spec part 1 section 4): View for SUCCESS, Running for RUNNING, Failed for FAILED, Pending otherwise. */
export type BadgeLabel = 'View' | 'Running' | 'Failed' | 'Pending';
export function badgeLabel(status: ConversationStatus | string): BadgeLabel {
  if (status === 'SUCCESS') return 'View';
  if (status === 'RUNNING') return 'Running';
  if (status === 'FAILED') return 'Failed';
  return 'Pending';
}

/** Card content (spec part 1 section 2): SUCCESS, refreshing (RUNNING or PENDING) or failed (any other status). */
export type CardState = 'success' | 'refreshing' | 'failed';
export function cardState(status: ConversationStatus | string): CardState {
  if (status === 'SUCCESS') return 'success';
  if (status === 'RUNNING' || status === 'PENDING') return 'refreshing';
  return 'failed';
}

export const isActive = (status: ConversationStatus | string) => status === 'PENDING' || status === 'RUNNING';

/** The list is polled while any conversation is PENDING or RUNNING or is continuous (spec part 1 section 4). */
export function needsPolling(conversations: readonly Pick<Conversation, 'status' | 'threat_feed'>[] | null | undefined): boolean {
  return (conversations ?? []).some((c) => isActive(c.status) || c.threat_feed);
}
export const POLL_INTERVAL_MS = 30_000;

export interface RerunSubject {
  roles: readonly string[];
  permissions: readonly string[];
}

/**
 * The re-run button shows only if the conversation is not continuous or the user holds RERUN_SCHEDULED_QUERY,
 * and the conversation is not scaled and not an organisation-wide NRMS one (spec part 1 section 6). Global
 * admins hold every permission.
 */
export function canSeeRerun(c: Pick<Conversation, 'threat_feed' | 'is_scaled' | 'is_org_nrms'>, user: RerunSubject | null): boolean {
  if (!user) return false;
  const holds = user.roles.includes('Global Admin') || user.permissions.includes('RERUN_SCHEDULED_QUERY');
  return (!c.threat_feed || holds) && !c.is_scaled && !c.is_org_nrms;
}

/** Re-run is disabled while the item is PENDING or RUNNING or a re-run is in flight (spec part 1 section 4). */
export function rerunDisabledReason(status: ConversationStatus | string, rerunInFlight: boolean): string | null {
  if (rerunInFlight) return 'A re-run is being requested';
  if (isActive(status)) return 'The conversation is already running';
  return null;
}

/** Conversations of a list in the spec's order: created_at ascending (id breaks ties). */
export function sortByCreated<T extends { created_at: string; id: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** Case-insensitive match on name (both picker lists). */
export function filterByName<T extends { name: string }>(list: readonly T[], search: string): T[] {
  const needle = search.trim().toLocaleLowerCase();
  return needle ? list.filter((x) => x.name.toLocaleLowerCase().includes(needle)) : [...list];
}

/** Project names are unique per organisation, compared trimmed and case-insensitively. */
export const projectNameKey = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase('en');

export type CreateErrorKind = 'quota' | 'query' | 'dates' | 'other';
/**
 * Maps a failed create call to the spec's message (part 1 section 8): 422 = quota; 400 whose server message
 * contains 'Your boolean string could not be validated' = query; 400 with 'Your start date or end date is
 * invalid' = dates; anything else = other.
 */
export function createErrorKind(status: number, serverMessages: readonly (string | null | undefined)[]): CreateErrorKind {
  const text = serverMessages.filter(Boolean).join('\n');
  if (status === 422) return 'quota';
  if (status === 400 && text.includes(MESSAGES.booleanStringInvalid)) return 'query';
  if (status === 400 && text.includes(MESSAGES.datesInvalid)) return 'dates';
  return 'other';
}
