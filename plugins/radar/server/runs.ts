import { conversationDirectoryKey, postScopeKey } from '@core/server/postScope';
import type { ServiceRegistry } from '@core/shared/services/registry';
import { orderThemes, type ThemeName } from '../shared/themes';
import type { RunSet } from './assessment';
import type { Db } from './tables';

/** The organisation's Topic Radar setting (core_organizations.settings.themes): on when a theme is enabled. */
export async function enabledThemes(db: Db, organizationId: string): Promise<ThemeName[]> {
  const row = await db.selectFrom('core_organizations').select('settings').where('id', '=', organizationId).executeTakeFirst();
  try {
    const settings = JSON.parse(row?.settings || '{}') as { themes?: unknown };
    return Array.isArray(settings.themes) ? orderThemes(settings.themes.filter((t): t is string => typeof t === 'string')) : [];
  } catch {
    return [];
  }
}

/** A conversation's latest successful run (core's post scope rule), as a run set; 404 for unknown or foreign ones. */
export async function conversationRuns(db: Db, services: ServiceRegistry, organizationId: string, conversationId: string): Promise<RunSet> {
  const scope = await services.get(postScopeKey).resolve(organizationId, conversationId);
  const empty: RunSet = { organizationId, conversationId, runIds: [], lastPostAt: null };
  if (scope.runId === null) return empty;
  const run = await db.selectFrom('radar_runs').select(['run_id', 'last_post_at'])
    .where('run_id', '=', scope.runId).where('organization_id', '=', organizationId).executeTakeFirst();
  // The run succeeded before this plugin was installed: nothing classified yet (its next run will be).
  if (!run) return empty;
  return { organizationId, conversationId, runIds: [run.run_id], lastPostAt: run.last_post_at };
}

/** Every live conversation's latest successful run that the stage classified: the organisation's Topic Radar home. */
export async function organizationRuns(db: Db, services: ServiceRegistry, organizationId: string): Promise<RunSet> {
  const runs = await db.selectFrom('core_pipeline_runs').select(['id', 'conversation_id'])
    .where('organization_id', '=', organizationId).where('status', '=', 'SUCCESS')
    .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const latest = new Map<string, string>();
  for (const r of runs) if (!latest.has(r.conversation_id)) latest.set(r.conversation_id, r.id);
  const directory = services.has(conversationDirectoryKey) ? services.get(conversationDirectoryKey) : null;
  const live: string[] = [];
  for (const [conversationId, runId] of latest) if (!(await directory?.isDeleted(organizationId, conversationId))) live.push(runId);
  const classified = live.length === 0 ? [] : await db.selectFrom('radar_runs').select(['run_id', 'last_post_at'])
    .where('organization_id', '=', organizationId).where('run_id', 'in', live).execute();
  const lastPostAt = classified.reduce<string | null>((max, r) => (r.last_post_at && (max === null || r.last_post_at > max) ? r.last_post_at : max), null);
  return { organizationId, conversationId: null, runIds: classified.map((r) => r.run_id).sort(), lastPostAt };
}
