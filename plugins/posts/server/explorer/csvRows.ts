import { sql, type Kysely } from 'kysely';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { Storage } from '@core/server/storage/database';
import { sameOrganization } from '@core/server/storage/byIds';
import { csvCell, csvText } from './csv';
import { parseJson, STORE_FIELDS, stringList } from './rows';
import type { ExplorerScope } from './scope';

/**
 * The CSV export's direct path: CSV lines written from the stored columns, without building raw data rows
 * (rows.ts) first. Only the columns the CSV shows are read (the four flags as one integer), list columns are
 * parsed only when not empty, and provider fields follow rows.ts's rule exactly (a provider adds fields and
 * fills store fields left null, never replaces them), so the file is byte for byte what `csvLine(rowsFor(...))`
 * writes (csvRows.test.ts compares the two). Figures: docs/benchmarks.md, posts explorer.
 */

interface StoredCsvRow {
  id: number; organization_id: string; rid: string; platform: string; published_at: string; screen_name: string | null;
  display_name: string | null; user_id: string | null; user_rid: string | null; title: string | null; subject: string | null; body: string;
  source_url: string | null; urls: string; domains: string; images: string; language: string | null; flags: number; additional_properties: string;
}

/** Store fields of the CSV a provider may fill when the store has none (their stored column has the same name). */
type NullableStoreField = 'screen_name' | 'display_name' | 'user_id' | 'user_rid' | 'title' | 'subject' | 'source_url' | 'language';
const NULLABLE_STORE_FIELDS: ReadonlySet<string> = new Set<NullableStoreField>([
  'screen_name', 'display_name', 'user_id', 'user_rid', 'title', 'subject', 'source_url', 'language',
]);

// Flags as bits of one column: one value to read a row instead of four (the same `= 1` test as rows.ts's `Number(x) === 1`).
const COLUMNS = sql`p.id, p.organization_id, p.rid, p.platform, p.published_at, a.screen_name as screen_name, a.display_name as display_name,
  a.user_id as user_id, a.rid as user_rid, p.title, p.subject, p.body, p.source_url, p.urls, p.domains, p.images, p.language,
  (case when p.is_repost = 1 then 1 else 0 end) + (case when p.is_reply = 1 then 2 else 0 end) + (case when p.is_quote = 1 then 4 else 0 end)
    + (case when p.is_niche = 1 then 8 else 0 end) as flags,
  p.additional_properties`;

const bool = (flags: number, bit: number) => ((flags & bit) !== 0 ? 'true' : 'false');

/** A list column (JSON text of strings) as one cell: values joined with spaces. */
function listCell(text: string): string {
  if (text === '[]') return '';
  return csvText(stringList(text).join(' '));
}

function propertiesCell(text: string): string {
  if (text === '{}') return '{}';
  const value = parseJson<unknown>(text, {});
  return csvCell(value && typeof value === 'object' && !Array.isArray(value) ? value : {});
}

/** A store column a provider may have filled (`extra`), as rows.ts would show it. */
function storeCell(r: StoredCsvRow, extra: Map<string, unknown> | undefined, key: NullableStoreField): string {
  return extra !== undefined && extra.has(key) ? csvCell(extra.get(key)) : csvText(r[key]);
}

function line(r: StoredCsvRow, extra: Map<string, unknown> | undefined): string {
  const flags = Number(r.flags);
  const facet = (key: string) => (extra === undefined ? '' : csvCell(extra.get(key)));
  return `${Number(r.id)},${csvText(r.rid)},${csvText(r.platform)},${csvText(r.published_at)},${storeCell(r, extra, 'screen_name')},`
    + `${storeCell(r, extra, 'display_name')},${storeCell(r, extra, 'user_id')},${storeCell(r, extra, 'user_rid')},`
    + `${storeCell(r, extra, 'title')},${storeCell(r, extra, 'subject')},${csvText(r.body || r.title || r.subject || '')},`
    + `${storeCell(r, extra, 'source_url')},${listCell(r.urls)},${listCell(r.domains)},${listCell(r.images)},${storeCell(r, extra, 'language')},`
    + `${bool(flags, 1)},${bool(flags, 2)},${bool(flags, 4)},${bool(flags, 8)},${facet('sentiment')},${facet('threats_of_violence')},`
    + `${facet('engagement_score')},${facet('narrative')},${facet('coordination_cluster_ids')},${facet('first_ngram')},`
    + `${propertiesCell(r.additional_properties)}\r\n`;
}

/** rows.ts's merge rule over one row: fields outside the store's are set (last provider wins), store fields only while null. */
function merge(extra: Map<string, unknown>, r: StoredCsvRow, values: Record<string, unknown>): void {
  for (const key of Object.keys(values)) {
    if (!STORE_FIELDS.has(key)) {
      extra.set(key, values[key]);
      continue;
    }
    // Store fields the CSV does not show, or never null, cannot change a cell.
    if (!NULLABLE_STORE_FIELDS.has(key)) continue;
    const current = extra.has(key) ? extra.get(key) : r[key as NullableStoreField];
    if (current === null) extra.set(key, values[key]);
  }
}

/** CSV lines for a list of post ids, in the order of `ids`; ids outside the organisation are left out (as rowsFor). */
export async function csvLines(storage: Storage, registry: PostFacetRegistry, scope: ExplorerScope, ids: readonly number[]): Promise<string> {
  if (ids.length === 0) return '';
  const db = storage.db as unknown as Kysely<any>;
  // As rowsFor: the organisation as a filter no index answers (sameOrganization), so the ids are looked up.
  const stored = (await sql<StoredCsvRow>`select ${COLUMNS} from posts_posts p left join posts_actors a on a.id = p.actor_id
    where p.id in (${sql.join(ids)}) and ${sameOrganization(scope.organizationId, 'p.organization_id')}`.execute(db)).rows;
  const byId = new Map<number, StoredCsvRow>();
  for (const r of stored) byId.set(Number(r.id), r);
  const kept = [...byId.keys()];
  const extras = new Map<number, Map<string, unknown>>();
  for (const provider of registry.providers()) {
    if (!provider.fields || kept.length === 0) continue;
    for (const [id, values] of await provider.fields(kept, scope)) {
      const r = byId.get(Number(id));
      if (!r) continue;
      const key = Number(r.id);
      let extra = extras.get(key);
      if (!extra) { extra = new Map(); extras.set(key, extra); }
      merge(extra, r, values);
    }
  }
  let text = '';
  for (const id of ids) {
    const r = byId.get(id);
    if (r) text += line(r, extras.get(id));
  }
  return text;
}
