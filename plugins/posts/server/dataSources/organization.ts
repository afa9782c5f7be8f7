/**
 * Data sources as one organisation sees them. `posts_data_sources` is the installation's catalogue (global
 * admins: available or not, default record_limit, collector settings); `posts_organization_data_sources` holds an
 * organisation's own choice (enabled, record_limit). Without a row an organisation follows the installation, so
 * organisations created later get the local archive (and whatever a global admin switched on) with no set-up.
 * Everything is read at collect time: a change takes effect at the next run, without a restart.
 */
import type { Kysely } from 'kysely';
import { tablesOf, type Storage } from '@core/server/storage/database';
import type { CoreTables } from '@core/server/storage/tables';
import type { PostsDataSourceRow, PostsTables } from '@plugins/posts/server/tables';

export interface OrganizationDataSourceRow {
  organization_id: string;
  data_source_id: string;
  enabled: number;
  /** 1 to 20000, or null for no limit (a full copy: the row never inherits one field and overrides another). */
  record_limit: number | null;
  updated_by: string | null;
  updated_at: string;
}

export interface OrganizationDataSourceTables extends PostsTables {
  posts_organization_data_sources: OrganizationDataSourceRow;
}

export type DataSourceDb = Kysely<CoreTables & OrganizationDataSourceTables>;

export const dataSourceDb = (storage: Storage): DataSourceDb => tablesOf<OrganizationDataSourceTables>(storage);

/** A catalogue row with what it means for one organisation. */
export interface EffectiveDataSource extends PostsDataSourceRow {
  /** Switched on for the installation by a global admin. */
  available: boolean;
  /** Used by the organisation's runs: available and not switched off by the organisation. */
  effective_enabled: boolean;
  /** The organisation's record_limit (its own, else the installation's). */
  effective_record_limit: number | null;
  /** The organisation changed this source (false: it follows the installation). */
  customized: boolean;
}

const localFirst = (a: PostsDataSourceRow, b: PostsDataSourceRow) =>
  Number(b.source === 'local') - Number(a.source === 'local') || a.name.localeCompare(b.name);

export function effective(row: PostsDataSourceRow, own: OrganizationDataSourceRow | undefined): EffectiveDataSource {
  const available = row.enabled === 1;
  return {
    ...row,
    available,
    effective_enabled: available && (own ? own.enabled === 1 : true),
    effective_record_limit: own ? own.record_limit : row.record_limit,
    customized: own !== undefined,
  };
}

/** Every data source of the installation as `organizationId` sees it, the local archive first. */
export async function dataSourcesFor(db: DataSourceDb, organizationId: string): Promise<EffectiveDataSource[]> {
  const [rows, own] = await Promise.all([
    db.selectFrom('posts_data_sources').selectAll().execute(),
    db.selectFrom('posts_organization_data_sources').selectAll().where('organization_id', '=', organizationId).execute(),
  ]);
  const byId = new Map(own.map((o) => [o.data_source_id, o]));
  return rows.sort(localFirst).map((r) => effective(r, byId.get(r.id)));
}

/** One data source (by catalogue id) as `organizationId` sees it; undefined when there is no such source. */
export async function dataSourceFor(db: DataSourceDb, organizationId: string, id: string): Promise<EffectiveDataSource | undefined> {
  const row = await db.selectFrom('posts_data_sources').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const own = await db.selectFrom('posts_organization_data_sources').selectAll()
    .where('organization_id', '=', organizationId).where('data_source_id', '=', id).executeTakeFirst();
  return effective(row, own);
}

/** The first data source of a kind (`local`, `bluesky` ...) as `organizationId` sees it. */
export async function dataSourceBySource(db: DataSourceDb, organizationId: string, source: string): Promise<EffectiveDataSource | undefined> {
  const row = await db.selectFrom('posts_data_sources').select('id').where('source', '=', source).orderBy('created_at').executeTakeFirst();
  return row ? dataSourceFor(db, organizationId, row.id) : undefined;
}

/** The data sources an organisation's runs use, the local archive first. */
export async function enabledDataSourcesFor(db: DataSourceDb, organizationId: string): Promise<EffectiveDataSource[]> {
  return (await dataSourcesFor(db, organizationId)).filter((s) => s.effective_enabled);
}
