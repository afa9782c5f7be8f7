import os from 'node:os';
import { parseArgs } from 'node:util';
import { startTestServer } from '@core/server/testing/testServer';
import { normalizePost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import postsServer from '../plugins/posts/server';
import { CorpusGenerator } from '../plugins/posts/server/demo/generator';
import { sql, type RawBuilder } from 'kysely';
import { postFacetsKey } from '@core/server/facets/contract';
import { postScopeKey } from '@core/server/postScope';
import { ensureRunFacts, liveFacts } from '../plugins/posts/server/explorer/facts';
import { orderClause } from '../plugins/posts/server/explorer/page';
import { fromRunPosts, type PostSetQuery } from '../plugins/posts/server/explorer/postSet';
import { forgetRunIndexes, runIndexOf, warmRunIndex } from '../plugins/posts/server/explorer/runIndex';
import { conversationOver, signedIn, uniqueOrg } from '../plugins/posts/server/explorer/testing/fixture';
import { median, ms, percentile, printTable } from './lib';

/**
 * The first raw_data page after a run (issue 19, "Done when": <= 300 ms on a 200,000-post conversation; warm p95
 * <= 50 ms). A server with the posts plugin, 200,000 demo posts in the conversation's window, and a run of the
 * conversation through the core pipeline (its collect stage links every post). When the run succeeds the explorer
 * prepares it (warmOnFinish.ts: facts and run index); the first page is asked the moment `drain` answers, as a
 * browser polling the run's status would, then the next 29 first-view pages (the "first 30 pages"), then
 * warm pages. HTTP over loopback, session cookie, one client.
 *
 *   npm run bench -- firstPage                           200,000 posts, SQLite
 *   npm run bench -- firstPage --dialect postgres        the same on PostgreSQL (NARRASCOPE_BENCH_DATABASE_URL)
 *   npm run bench -- firstPage --posts 50000
 *   npm run bench -- firstPage --explain              also prints the facts copy's query plan (EXPLAIN ANALYZE)
 *
 * A raw_data page never waits for that preparation (the SQL path answers while it runs): the bench also prints when
 * the facts and the run index became ready after the run succeeded, and each of them redone alone afterwards.
 */
const { values } = parseArgs({
  options: { explain: { type: 'boolean', default: false }, posts: { type: 'string', default: '200000' }, dialect: { type: 'string', default: 'sqlite' }, pg: { type: 'string' }, warm: { type: 'string', default: '100' } },
  allowPositionals: true,
});
const N = Number(values.posts);
const PG_URL = values.pg ?? process.env.NARRASCOPE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The fixture's conversation window is 2026-01-01 to 2026-01-04 and its query `ballot`. */
const WINDOW_END = Date.UTC(2026, 0, 4);

const t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false }, ...(values.dialect === 'postgres' ? { postgres: PG_URL } : {}) });
try {
  const a = await signedIn(t, uniqueOrg('First page'));
  const org = a.user.organizationId;
  process.stdout.write(`First raw_data page after a run: ${N.toLocaleString('en')} posts (${t.storage.dialect}), ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);

  const writeStarted = performance.now();
  const writer = new PostWriter(t.storage, org, 'import');
  let batch: ReturnType<typeof normalizePost>[] = [];
  for (const g of new CorpusGenerator({ seed: 'first-page', posts: N, now: WINDOW_END - 3_600_000, days: 2 }).posts()) {
    batch.push(normalizePost({ ...g.post, body: `${g.post.body ?? ''} ballot` }));
    if (batch.length === 5000) { await writer.write(batch); batch = []; }
  }
  await writer.write(batch);
  const writeSeconds = (performance.now() - writeStarted) / 1000;

  const runStarted = performance.now();
  const conversation = await conversationOver(t, org);
  const runSeconds = (performance.now() - runStarted) / 1000;

  // Writing a large corpus on a busy machine can outlast the session's access token: sign in again, as a browser would.
  await a.client.login(a.user.email, a.user.password);
  const page = async (offset: number) => {
    const started = performance.now();
    const res = await a.client.get(`/api/v2/conversations/${conversation}/raw_data?limit=20&record_offset=${offset}`);
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`raw_data answered ${res.status}`);
    const body = res.body as { data: unknown[]; metadata: { pagination_info: { total: number } } };
    if (body.metadata.pagination_info.total !== N || body.data.length !== 20) throw new Error(`raw_data total ${body.metadata.pagination_info.total}, ${body.data.length} rows`);
    return elapsed;
  };
  const succeeded = performance.now();
  const scope = await t.server.ctx.services.get(postScopeKey).resolve(org, conversation);
  const runScope = { ...scope, runId: scope.runId! };
  const registry = t.server.ctx.services.get(postFacetsKey);
  const db = t.storage.db;
  let factsReadyAt: number | null = null;
  let indexReadyAt: number | null = null;
  const watch = (async () => {
    for (;;) {
      const now = performance.now() - succeeded;
      if (factsReadyAt === null && (await sql`select 1 from posts_explorer_runs where run_id = ${runScope.runId}`.execute(db)).rows.length > 0) factsReadyAt = now;
      if (indexReadyAt === null && await warmRunIndex(t.storage, registry, runScope)) indexReadyAt = now;
      if (factsReadyAt !== null && indexReadyAt !== null) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const first = await page(0);
  const firstThirty = [first];
  for (let i = 1; i < 30; i += 1) firstThirty.push(await page((i % 10) * 20));
  const warm: number[] = [];
  for (let i = 0; i < Number(values.warm); i += 1) warm.push(await page((i % 10) * 20));
  await watch;

  // Each preparation step again, alone: the facts copy (the marker and rows removed first), then the index load.
  const redo = async () => {
    await sql`delete from posts_explorer_facts where run_id = ${runScope.runId}`.execute(db);
    await sql`delete from posts_explorer_runs where run_id = ${runScope.runId}`.execute(db);
    forgetRunIndexes(t.storage);
    if (values.explain && t.storage.dialect === 'postgres') {
      const q: PostSetQuery = { scope, filters: { start_range: null, end_range: null, insight_risk: [] }, search: null, coordinationOnly: false, live: true };
      const explain = async (what: string, query: RawBuilder<unknown>) => {
        const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${query}`.execute(db);
        process.stdout.write(`\n${what} (PostgreSQL):\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
      };
      await explain('The first page read live', sql`select p.id ${fromRunPosts(registry, 'postgres', q)}
        order by ${orderClause(registry, q, [{ column: 'published_at', direction: 'desc' }])} limit 20`);
      await explain('The total read live', sql`select count(*) as n ${fromRunPosts(registry, 'postgres', q)}`);
      await explain('The facts copy', sql`insert into posts_explorer_facts select * from ${liveFacts(runScope)} f where true on conflict do nothing`);
      await sql`delete from posts_explorer_facts where run_id = ${runScope.runId}`.execute(db);
    }
    const factsStarted = performance.now();
    await ensureRunFacts(t.storage, runScope);
    const factsAlone = performance.now() - factsStarted;
    const indexStarted = performance.now();
    await runIndexOf(t.storage, registry, runScope);
    return { factsAlone, indexAlone: performance.now() - indexStarted };
  };
  const alone = await redo();

  printTable(`First raw_data page after a run: ${N.toLocaleString('en')}-post conversation (${t.storage.dialect}, ${new Date().toISOString().slice(0, 10)}, load ${os.loadavg()[0]!.toFixed(1)})`, [
    { step: `write ${N.toLocaleString('en')} posts (setup)`, requests: 1, median: `${writeSeconds.toFixed(1)} s`, p95: '', max: '', target: '' },
    { step: 'run through the pipeline, until drain answers (collect links every post)', requests: 1, median: `${runSeconds.toFixed(1)} s`, p95: '', max: '', target: '' },
    { step: 'preparation after the run succeeded: facts ready / run index ready', requests: 0, median: `${ms(factsReadyAt ?? NaN)} / ${ms(indexReadyAt ?? NaN)}`, p95: '', max: '', target: '' },
    { step: 'the same alone afterwards: facts copy / run index load', requests: 0, median: `${ms(alone.factsAlone)} / ${ms(alone.indexAlone)}`, p95: '', max: '', target: '' },
    { step: 'first raw_data page the moment the run succeeded', requests: 1, median: ms(first), p95: '', max: '', target: '<= 300 ms' },
    { step: 'first 30 pages after the run', requests: 30, median: ms(median(firstThirty)), p95: ms(percentile(firstThirty, 95)), max: ms(Math.max(...firstThirty)), target: '' },
    { step: 'warm pages', requests: warm.length, median: ms(median(warm)), p95: ms(percentile(warm, 95)), max: ms(Math.max(...warm)), target: 'p95 <= 50 ms' },
  ]);
} finally {
  await t.close();
}
