import { describe, expect, it } from 'vitest';
import { ruleMessagesOf } from './lintRule';

/**
 * narrascope/foreign-tables: a plugin's SQL names only its own tables and core's. Each case lints a small module at a
 * virtual path with the repository's own eslint.config.js; table owners come from the real plugins' migrations.
 */
const messages = ruleMessagesOf('narrascope/foreign-tables');

const FOREIGN = (from: string, table: string, owner: string) =>
  `Plugin '${from}' must not name table '${table}' of plugin '${owner}': a plugin reads and writes only its own tables and ` +
  "core's. Read posts through core's post scope (core/server/postScope) or a facet, or use a service " +
  `'${owner}' publishes in plugins/${owner}/shared/public.ts.`;

describe('narrascope/foreign-tables', () => {
  it("reports a plugin's query builder naming another plugin's table", async () => {
    expect(await messages('plugins/coordination/server/x.ts', "export const q = (db: any) => db.selectFrom('topics_narratives').selectAll();\n"))
      .toEqual([FOREIGN('coordination', 'topics_narratives', 'topics')]);
  });

  it('reports raw SQL in a template literal, in tests too', async () => {
    const code = "import { sql } from 'kysely';\nexport const q = (run: string) => sql`select * from coordination_edges e where e.run_id = ${run}`;\n";
    expect(await messages('plugins/topics/server/y.test.ts', code)).toEqual([FOREIGN('topics', 'coordination_edges', 'coordination')]);
  });

  it("allows a plugin's own tables, core's tables and the post store's", async () => {
    const code = "export const q = (db: any) => [db.selectFrom('topics_runs'), db.selectFrom('core_pipeline_runs'), db.selectFrom('posts_posts'), db.selectFrom('posts_run_posts')];\n";
    expect(await messages('plugins/topics/server/z.ts', code)).toEqual([]);
  });

  it('leaves core, src and tests alone (core composes, tests inspect)', async () => {
    const code = "export const t = 'topics_narratives';\n";
    expect(await messages('core/server/a.ts', code)).toEqual([]);
    expect(await messages('tests/integration/b.test.ts', code)).toEqual([]);
  });
});
