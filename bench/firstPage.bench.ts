import os from 'node:os';
import { parseArgs } from 'node:util';
import { startTestServer } from '@core/server/testing/testServer';
import { normalizePost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import postsServer from '../plugins/posts/server';
import { CorpusGenerator } from '../plugins/posts/server/demo/generator';
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
 */
const { values } = parseArgs({
  options: { posts: { type: 'string', default: '200000' }, dialect: { type: 'string', default: 'sqlite' }, pg: { type: 'string' }, warm: { type: 'string', default: '100' } },
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
  const first = await page(0);
  const firstThirty = [first];
  for (let i = 1; i < 30; i += 1) firstThirty.push(await page((i % 10) * 20));
  const warm: number[] = [];
  for (let i = 0; i < Number(values.warm); i += 1) warm.push(await page((i % 10) * 20));

  printTable(`First raw_data page after a run: ${N.toLocaleString('en')}-post conversation (${t.storage.dialect}, ${new Date().toISOString().slice(0, 10)}, load ${os.loadavg()[0]!.toFixed(1)})`, [
    { step: `write ${N.toLocaleString('en')} posts (setup)`, requests: 1, median: `${writeSeconds.toFixed(1)} s`, p95: '', max: '', target: '' },
    { step: 'run: collect links every post, then the explorer prepares it', requests: 1, median: `${runSeconds.toFixed(1)} s`, p95: '', max: '', target: '' },
    { step: 'first raw_data page the moment the run succeeded', requests: 1, median: ms(first), p95: '', max: '', target: '<= 300 ms' },
    { step: 'first 30 pages after the run', requests: 30, median: ms(median(firstThirty)), p95: ms(percentile(firstThirty, 95)), max: ms(Math.max(...firstThirty)), target: '' },
    { step: 'warm pages', requests: warm.length, median: ms(median(warm)), p95: ms(percentile(warm, 95)), max: ms(Math.max(...warm)), target: 'p95 <= 50 ms' },
  ]);
} finally {
  await t.close();
}
