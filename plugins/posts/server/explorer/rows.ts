import { sql, type Kysely } from 'kysely';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { Storage } from '@core/server/storage/database';
import { sameOrganization } from '@core/server/storage/byIds';
import { PLATFORMS, resolvePlatform } from '@core/shared/platforms';
import type { RawDataRow } from '../../shared/explorerApi';
import type { ExplorerScope } from './scope';

/**
 * Raw data rows for a list of post ids: the spec's Post fields from the post store and its author, plus every
 * facet provider's `fields` (sentiment, threats_of_violence, engagement_score, narrative ...). Answers rows in the
 * order of `ids`; ids outside the organisation are left out.
 */

interface StoredRow {
  id: number; organization_id: string; rid: string; platform: string; subject: string | null; title: string | null; body: string; published_at: string;
  language: string | null; source_url: string | null; avatar_url: string | null; accounts_url: string | null; urls: string;
  images: string; domains: string; entities: string | null; is_repost: number; is_reply: number; is_quote: number;
  is_niche: number; additional_properties: string; a_rid: string | null; a_user_id: string | null; a_screen_name: string | null;
  a_display_name: string | null; a_avatar_url: string | null;
}

/** Fields that only analysis plugins fill; null until one does (toRow writes them all). */
type FacetField =
  | 'topic_rid' | 'confidence_score' | 'is_exemplar' | 'coordination_cluster_ids' | 'narrative' | 'sentiment' | 'engagement_score'
  | 'threats_of_violence' | 'first_ngram' | 'insights_count';

export const STORE_FIELDS: ReadonlySet<string> = new Set([
  'id', 'rid', 'class', 'platform_label', 'post_class', 'subject', 'title', 'body', 'display_name', 'screen_name', 'user_id', 'user_rid',
  'user_class', 'creator', 'domains', 'entities', 'published_at', 'source_url', 'avatar_url', 'accounts_url', 'urls', 'images', 'language',
  'is_repost', 'is_reply', 'is_quote', 'is_niche', 'additional_properties',
]);

const EMPTY_LIST = '[]';
const EMPTY_OBJECT = '{}';

export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  // Most posts have no URLs, images or properties: skip the parser for the empty forms (exports read 10^5 rows).
  if (text === EMPTY_LIST) return [] as T;
  if (text === EMPTY_OBJECT) return {} as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const stringList = (text: string): string[] => {
  const value = parseJson<unknown>(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

function toRow(r: StoredRow): RawDataRow {
  const platform = platformOf(r.platform);
  const properties = parseJson<unknown>(r.additional_properties, {});
  // One literal with every field (facet fields null until a provider fills them): one object shape for all rows,
  // which matters when an export builds 10^5 of them.
  return {
    id: Number(r.id), rid: r.rid, class: r.platform, platform_label: platform.label, post_class: platform.postClass,
    subject: r.subject, title: r.title, body: r.body || r.title || r.subject || '',
    display_name: r.a_display_name, screen_name: r.a_screen_name, user_id: r.a_user_id, user_rid: r.a_rid,
    user_class: platform.userClass, creator: r.a_screen_name ?? r.a_display_name ?? r.a_rid,
    domains: stringList(r.domains), entities: parseJson<unknown>(r.entities, null), published_at: r.published_at,
    source_url: r.source_url, avatar_url: r.avatar_url ?? r.a_avatar_url, accounts_url: r.accounts_url,
    urls: stringList(r.urls), images: stringList(r.images), language: r.language,
    is_repost: Number(r.is_repost) === 1, is_reply: Number(r.is_reply) === 1, is_quote: Number(r.is_quote) === 1, is_niche: Number(r.is_niche) === 1,
    additional_properties: properties && typeof properties === 'object' && !Array.isArray(properties) ? (properties as Record<string, unknown>) : {},
    topic_rid: null, confidence_score: null, is_exemplar: null, coordination_cluster_ids: null, narrative: null, sentiment: null,
    engagement_score: null, threats_of_violence: null, first_ngram: null, insights_count: null,
  } satisfies Record<FacetField, null> & Record<string, unknown> as RawDataRow;
}

interface PlatformView { label: string; postClass: string | null; userClass: string | null }
const platformViews = new Map<string, PlatformView>();

/** The catalogue's names for a stored platform, looked up once per platform name. */
function platformOf(name: string): PlatformView {
  let view = platformViews.get(name);
  if (!view) {
    const key = resolvePlatform(name);
    const platform = key ? PLATFORMS[key] : null;
    view = { label: platform?.label ?? name, postClass: platform?.postClass ?? null, userClass: platform?.userClass ?? null };
    if (platformViews.size < 1000) platformViews.set(name, view);
  }
  return view;
}

/** The columns every row query selects (`p` = posts_posts, `a` = its author in posts_actors). */
const ROW_COLUMNS = sql`p.id, p.organization_id, p.rid, p.platform, p.subject, p.title, p.body, p.published_at, p.language,
  p.source_url, p.avatar_url, p.accounts_url, p.urls, p.images, p.domains, p.entities, p.is_repost, p.is_reply, p.is_quote, p.is_niche,
  p.additional_properties, a.rid as a_rid, a.user_id as a_user_id, a.screen_name as a_screen_name, a.display_name as a_display_name,
  a.avatar_url as a_avatar_url`;
const ROW_JOIN = sql`left join posts_actors a on a.id = p.actor_id`;

/** Store rows (already scoped to the organisation by their query) as raw data rows, with every facet provider's fields added. */
async function toRows(registry: PostFacetRegistry, scope: ExplorerScope, stored: readonly StoredRow[]): Promise<RawDataRow[]> {
  const rows = stored.map(toRow);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ids = rows.map((r) => r.id);
  for (const provider of registry.providers()) {
    if (!provider.fields || ids.length === 0) continue;
    const fields = await provider.fields(ids, scope);
    for (const [id, values] of fields) {
      const row = byId.get(Number(id));
      if (!row) continue;
      // A provider adds fields and fills what the store left empty (entities, language of a post that came without
      // them); it never replaces what the post store says (id, body, author ...).
      for (const [key, value] of Object.entries(values)) if (!STORE_FIELDS.has(key) || row[key] === null) row[key] = value;
    }
  }
  return rows;
}

/** Rows for a list of post ids, in the order of `ids`; ids outside the organisation are left out. */
export async function rowsFor(storage: Storage, registry: PostFacetRegistry, scope: ExplorerScope, ids: readonly number[]): Promise<RawDataRow[]> {
  if (ids.length === 0) return [];
  const db = storage.db as unknown as Kysely<any>;
  // sameOrganization: a filter no index answers, so SQLite still looks the ids up instead of walking the organisation's
  // (organization_id, platform, rid) index (40x slower for an export batch).
  const stored = (await sql<StoredRow>`select ${ROW_COLUMNS} from posts_posts p ${ROW_JOIN}
    where p.id in (${sql.join(ids)}) and ${sameOrganization(scope.organizationId, 'p.organization_id')}`.execute(db)).rows;
  const byId = new Map((await toRows(registry, scope, stored)).map((r) => [r.id, r]));
  return ids.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
}
