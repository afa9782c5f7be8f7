import type { Kysely, Selectable } from 'kysely';
import { postScopeKey, type RunScope } from '@core/server/postScope';
import type { ServiceRegistry } from '@core/shared/services/registry';
import { tablesOf, type Storage } from '@core/server/storage/database';
import { filterPredicate, isEmptyFilters, type FilterColumns, type Filters, type QueryInput } from '@core/shared/filters';
import { filtersOfQuery } from '@core/server/http/querySchema';
import { PLATFORMS, isPlatformKey } from '@core/shared/platforms';
import type { PostStoreTables as PostsTables } from '@core/server/postStore/tables';
import type { CoreTables } from '@core/server/storage/tables';
import { MESSAGES, type AccountRef } from '../../shared/api';
import type { CoordinationTables } from '../tables';
import { sameOrganization } from '@core/server/storage/byIds';

export type Schema = CoreTables & PostsTables & CoordinationTables;
export type Db = Kysely<Schema>;
export const dbOf = (storage: Storage): Db => tablesOf<PostsTables & CoordinationTables>(storage);

/** The conversation's run to answer from (core's post scope), scoped to the caller's organisation. */
export interface ConversationView {
  /** the detection of the conversation's latest successful run, or null (not run yet, or run before coordination existed) */
  detection: { run_id: string; created_at: string } | null;
  /** the latest successful run, whose posts the account calls read; null before one */
  runId: string | null;
  scope: RunScope;
  /** every filter dimension on `posts_posts as p` (core's one filter engine: the store's columns and every facet) */
  columns: FilterColumns;
}

/**
 * Every call reads the run core's post scope resolves (the conversation's latest successful run, the deletion rule,
 * the organisation), so clusters, facets and raw data agree; an unknown, foreign or deleted conversation is a 404.
 */
export async function conversationView(app: { storage: Storage; services: ServiceRegistry }, organizationId: string, conversationId: string): Promise<ConversationView> {
  const posts = app.services.get(postScopeKey);
  const scope = await posts.resolve(organizationId, conversationId, MESSAGES.conversationNotFound);
  const columns = posts.columns(scope, 'p');
  if (scope.runId === null) return { detection: null, runId: null, scope, columns };
  const detection = await dbOf(app.storage).selectFrom('coordination_runs').select(['run_id', 'created_at'])
    .where('run_id', '=', scope.runId).where('organization_id', '=', organizationId).executeTakeFirst();
  return { runId: scope.runId, detection: detection ?? null, scope, columns };
}

/** Filters of the query string; a malformed entry is a 400 naming its parameter (like zod's answers). */
export const filtersOf = (query: Record<string, unknown>): Filters => filtersOfQuery(query as QueryInput);

/** The subset of `postIds` the filters select (all of them when no filter is set). */
export async function passingPosts(db: Db, organizationId: string, columns: FilterColumns, filters: Filters, postIds: readonly number[]): Promise<Set<number>> {
  if (isEmptyFilters(filters) || postIds.length === 0) return new Set(postIds);
  const rows = await db.selectFrom('posts_posts as p').select('p.id')
    .where(sameOrganization(organizationId, 'p.organization_id')).where('p.id', 'in', [...new Set(postIds)])
    .where((eb) => filterPredicate(eb, filters, columns)).execute();
  return new Set(rows.map((r) => r.id));
}

export function actorClasses(platform: string): { actor: string; post: string } {
  if (isPlatformKey(platform)) return { actor: PLATFORMS[platform].userClass, post: PLATFORMS[platform].postClass };
  const name = platform.charAt(0).toUpperCase() + platform.slice(1);
  return { actor: `${name}User`, post: `${name}Post` };
}

/** The `posts_actors` columns an AccountRef is made of (accountRef). */
export const ACCOUNT_REF_COLUMNS = ['id', 'rid', 'platform', 'screen_name', 'display_name', 'embedded_profile_url', 'url', 'avatar_url'] as const;
type AccountRefRow = Pick<Selectable<PostsTables['posts_actors']>, (typeof ACCOUNT_REF_COLUMNS)[number]>;

/** The account's own page is its profile URL; `url` (the website in the profile) only when that is missing. */
export function accountRef(r: AccountRefRow): AccountRef {
  return {
    id: r.id, rid: r.rid, platform: r.platform, screen_name: r.screen_name, display_name: r.display_name,
    profile_url: r.embedded_profile_url ?? r.url, avatar_url: r.avatar_url,
  };
}

export async function accountRefs(db: Db, organizationId: string, actorIds: readonly number[]): Promise<Map<number, AccountRef>> {
  const out = new Map<number, AccountRef>();
  const ids = [...new Set(actorIds)];
  for (let k = 0; k < ids.length; k += 1000) {
    const rows = await db.selectFrom('posts_actors').select(ACCOUNT_REF_COLUMNS)
      .where(sameOrganization(organizationId)).where('id', 'in', ids.slice(k, k + 1000)).execute();
    for (const r of rows) out.set(r.id, accountRef(r));
  }
  return out;
}

/**
 * The conversation's actor a rid names. A rid is unique per platform only: prefer the one in the detection, then the
 * one that posted in the run; null when no account of that rid is the conversation's.
 */
export async function actorByRid(db: Db, organizationId: string, runId: string | null, rid: string): Promise<number | null> {
  // Only the conversation's accounts: those of the run's coordination graph or authors of its posts. Another account
  // of the organisation (or a conversation without a run) answers as an unknown one would.
  if (!runId) return null;
  const rows = await db.selectFrom('posts_actors as a').select('a.id')
    .where('a.organization_id', '=', organizationId).where('a.rid', '=', rid).orderBy('a.id').execute();
  if (rows.length === 0) return null;
  const ids = rows.map((r) => r.id);
  const vertex = await db.selectFrom('coordination_vertices').select('actor_id').where('run_id', '=', runId).where('actor_id', 'in', ids).executeTakeFirst();
  if (vertex) return vertex.actor_id;
  const posted = await db.selectFrom('posts_run_posts as rp').innerJoin('posts_posts as p', 'p.id', 'rp.post_id').select('p.actor_id')
    .where('rp.run_id', '=', runId).where('p.actor_id', 'in', ids).limit(1).executeTakeFirst();
  return posted?.actor_id ?? null;
}
