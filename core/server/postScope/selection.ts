import { sql, type Kysely } from 'kysely';
import { filterPredicate, isEmptyFilters, type FilterColumns, type Filters } from '@core/shared/filters';
import type { PostStoreTables } from '../postStore/tables';
import type { CoreTables } from '../storage/tables';
import type { PostSelection, RunScopeWithRun, SelectionAccelerator } from './contract';

/** Ids per `in (...)` list: SQLite and PostgreSQL cap the parameters of one statement. */
const IN_LIST = 500;
const DEFAULT_BATCH = 5_000;

/** The first answer of the accelerators, or null when none serves. */
async function accelerated<T>(accelerators: readonly SelectionAccelerator[], ask: (a: SelectionAccelerator) => Promise<T | null>): Promise<T | null> {
  for (const accelerator of accelerators) {
    const answer = await ask(accelerator);
    if (answer !== null) return answer;
  }
  return null;
}

/**
 * The run's posts under the filters: from an accelerator when one serves (the run index in memory), else read
 * through `posts_run_posts` joined to `posts_posts` (aliased `p`). Batches always stream from SQL (bounded memory).
 */
export function createSelection(
  db: Kysely<CoreTables & PostStoreTables>, scope: RunScopeWithRun, filters: Filters, columns: FilterColumns,
  accelerators: readonly SelectionAccelerator[] = [],
): PostSelection {
  const filtered = !isEmptyFilters(filters);
  const base = () => db.selectFrom('posts_run_posts as rp').innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
    .where('rp.run_id', '=', scope.runId).where('p.organization_id', '=', scope.organizationId)
    .$if(filtered, (q) => q.where((eb) => filterPredicate(eb, filters, columns)));
  const fastIds = () => accelerated(accelerators, (a) => a.ids(scope, filters));
  return {
    scope,
    filters,
    async ids() {
      const fast = await fastIds();
      if (fast) return [...fast].sort((a, b) => a - b);
      const rows = await base().select('p.id').orderBy('p.id').execute();
      return rows.map((r) => r.id);
    },
    async count() {
      const fast = await accelerated(accelerators, (a) => a.count(scope, filters));
      if (fast !== null) return fast;
      const row = await base().select(sql<number>`count(*)`.as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async keep(postIds) {
      const kept = new Set<number>();
      const unique = [...new Set(postIds)];
      const fast = await fastIds();
      if (fast) {
        const selected = new Set(fast);
        for (const id of unique) if (selected.has(id)) kept.add(id);
        return kept;
      }
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
