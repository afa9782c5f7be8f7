import { sql, type Kysely } from 'kysely';
import { filterPredicate, isEmptyFilters, type FilterColumns, type Filters } from '@core/shared/filters';
import type { PostStoreTables } from '../postStore/tables';
import type { CoreTables } from '../storage/tables';
import type { PostSelection, RunScopeWithRun } from './contract';

/** Ids per `in (...)` list: SQLite and PostgreSQL cap the parameters of one statement. */
const IN_LIST = 500;
const DEFAULT_BATCH = 5_000;

/** The run's posts under the filters, read through `posts_run_posts` joined to `posts_posts` (aliased `p`). */
export function createSelection(db: Kysely<CoreTables & PostStoreTables>, scope: RunScopeWithRun, filters: Filters, columns: FilterColumns): PostSelection {
  const filtered = !isEmptyFilters(filters);
  const base = () => db.selectFrom('posts_run_posts as rp').innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
    .where('rp.run_id', '=', scope.runId).where('p.organization_id', '=', scope.organizationId)
    .$if(filtered, (q) => q.where((eb) => filterPredicate(eb, filters, columns)));
  return {
    scope,
    filters,
    async ids() {
      const rows = await base().select('p.id').orderBy('p.id').execute();
      return rows.map((r) => r.id);
    },
    async count() {
      const row = await base().select(sql<number>`count(*)`.as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async keep(postIds) {
      const kept = new Set<number>();
      const unique = [...new Set(postIds)];
      for (let k = 0; k < unique.length; k += IN_LIST) {
        const rows = await base().select('p.id').where('p.id', 'in', unique.slice(k, k + IN_LIST)).execute();
        for (const r of rows) kept.add(r.id);
      }
      return kept;
    },
    async *batches(size = DEFAULT_BATCH) {
      let after = -Infinity;
      for (;;) {
        const rows = await base().select('rp.post_id as id').$if(after !== -Infinity, (q) => q.where('rp.post_id', '>', after))
          .orderBy('rp.post_id').limit(size).execute();
        if (rows.length === 0) return;
        yield rows.map((r) => r.id);
        after = rows[rows.length - 1]!.id;
        if (rows.length < size) return;
      }
    },
  };
}
