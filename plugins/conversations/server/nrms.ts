import type { Run } from '@core/server/pipeline/runs';
import type { ConversationRow } from './tables';

/**
 * NRMS and scaled conversations (spec part 1 sections 3, 6 and 7). The spec names the fields (is_scaled "(shared)",
 * is_org_nrms) and the calls, not what date_range changes nor what makes a conversation scaled; these are our rules
 * (ADR 0010).
 */

export type NrmsRange = 'LAST_DAY' | 'LAST_WEEK' | 'LAST_MONTH';
/** The Topic Radar ranges in hours (the radar plugin's RANGE_HOURS): a month is 30 days. */
export const NRMS_RANGE_HOURS: Readonly<Record<NrmsRange, number>> = { LAST_DAY: 24, LAST_WEEK: 168, LAST_MONTH: 720 };
const HOUR_MS = 3_600_000;

/**
 * Whether a conversation collected posts of the range's window (the last day, week or month before `now`): a static
 * one when its dates overlap the window; a continuous one while it runs (each run collects the days before it), or,
 * paused, when its last run is in the window. A conversation that never ran has collected nothing yet.
 */
export function collectsWithin(c: Pick<ConversationRow, 'threat_feed' | 'suspended' | 'start_date' | 'end_date' | 'last_run'>,
  range: NrmsRange, now: number = Date.now()): boolean {
  const from = now - NRMS_RANGE_HOURS[range] * HOUR_MS;
  if (c.threat_feed) return c.last_run !== null && (!c.suspended || Date.parse(c.last_run) >= from);
  if (!c.start_date || !c.end_date) return false;
  return Date.parse(c.start_date) <= now && Date.parse(c.end_date) >= from;
}

/**
 * A conversation becomes scaled (shared) once one successful run collected at least this many posts: 2.5 times the
 * largest record limit of a data source (20,000), so no single source's query reaches it. It stays scaled (the
 * re-run button then hides, spec part 1 section 6): a query that broad runs on the platform's schedule, not by hand.
 */
export const SCALED_POSTS = 50_000;

/** Whether this finished run makes its conversation scaled. */
export function makesScaled(run: Pick<Run, 'status' | 'collectorUsage'>): boolean {
  if (run.status !== 'SUCCESS') return false;
  return run.collectorUsage.reduce((n, u) => n + u.collected_records, 0) >= SCALED_POSTS;
}
