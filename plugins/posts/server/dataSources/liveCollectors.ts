/**
 * The network collectors as the pipeline's registry sees them when the conversations plugin runs the collect step.
 * Every data source with a collector is registered once at start-up, enabled or not; each run asks
 * `settingsFor(organization)` and builds the collector from the row as it is then. Switching a source on or off,
 * changing its record_limit or its settings (base URL, channels, feeds) therefore applies to the next run without a
 * restart.
 */
import type { Collector } from '@core/server/pipeline/collectors';
import type { Storage } from '@core/server/storage/database';
import type { CollectorFactory } from '../collect/stage';
import { parseSettings } from '../collect/stage';
import type { PostsDataSourceRow } from '@plugins/posts/server/tables';
import { dataSourceDb, dataSourceFor } from './organization';

export function liveCollector(storage: Storage, initial: PostsDataSourceRow, factory: CollectorFactory): Collector {
  const db = dataSourceDb(storage);
  const template = factory(initial, parseSettings(initial.settings));
  const current = async () => {
    const row = await db.selectFrom('posts_data_sources').selectAll().where('id', '=', initial.id).executeTakeFirst();
    if (!row) throw new Error(`data source '${initial.name}' no longer exists`);
    return row;
  };
  return {
    ...template,
    async settingsFor(organizationId) {
      const s = await dataSourceFor(db, organizationId, initial.id);
      return { enabled: s?.effective_enabled ?? false, recordLimit: s?.effective_record_limit ?? null };
    },
    async collect(request, ctx) {
      const row = await current();
      return factory({ ...row, record_limit: request.recordLimit }, parseSettings(row.settings)).collect(request, ctx);
    },
  };
}

/** One live collector per data source that has a factory (the built-in network collectors). */
export async function liveCollectors(storage: Storage, factories: ReadonlyMap<string, CollectorFactory>): Promise<Collector[]> {
  const rows = await dataSourceDb(storage).selectFrom('posts_data_sources').selectAll().orderBy('name').execute();
  return rows.flatMap((row) => {
    const factory = factories.get(row.source);
    return factory ? [liveCollector(storage, row, factory)] : [];
  });
}
