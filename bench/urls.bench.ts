import crypto from 'node:crypto';
import { sql } from 'kysely';
import { normalizePost, type NormalizedPost } from '../core/server/postStore/normalize';
import { PostWriter } from '../core/server/postStore/writer';
import { ApiClient } from '../core/server/testing/httpClient';
import { startTestServer } from '../core/server/testing/testServer';
import { serverPlugins } from '../plugins/index.server';
import { CorpusGenerator } from '../plugins/posts/server/demo/generator';
import { RdapBootstrap, RdapClient } from '../plugins/urls/server';
import { startLocalRdapServer, type RegistryEntry } from '../plugins/urls/server/testing/rdapServer';
import { writeRunLinks } from '../plugins/urls/server/runLinks';
import { dbOf } from '../plugins/urls/server/tables';
import { postScopeKey } from '../core/server/postScope';
import { median, ms, printTable } from './lib';

/**
 * URLs benchmark (issue 14): urls-shared and domains-shared over a conversation of demo posts (default 1,000,000),
 * cold and warm (median of --runs), through HTTP in process on SQLite, unfiltered and filtered (a filtered call is counted
 * on its first call and cached per facts revision after); and 1,000 RDAP lookups against the local
 * registry, then the same 1,000 again from the cache. Targets: <= 200 ms warm; 1,000 lookups <= 10 s.
 *
 *   node --import tsx bench/urls.bench.ts [--posts N] [--runs N]
 */
const argv = process.argv.slice(2);
const POSTS = Number(argv[argv.indexOf('--posts') + 1] ?? 0) || 1_000_000;
const RUNS = Number(argv[argv.indexOf('--runs') + 1] ?? 0) || 5;
const log = (m: string) => process.stderr.write(`${m}\n`);

async function rdapFigures() {
  const entries = new Map<string, RegistryEntry>();
  for (let i = 0; i < 1000; i++) entries.set(`site-${i}.com`, { kind: 'found', facts: { registrar: 'Bench Registrar', created: '2020-01-01T00:00:00Z', registrant: { name: `Owner ${i}` } } });
  const registry = await startLocalRdapServer(entries);
  try {
    const client = new RdapClient(new RdapBootstrap({ version: '1.0', publication: 'bench', services: [[['com'], [registry.url]]] }), { allowAddresses: ['127.0.0.1/32'] });
    const domains = [...entries.keys()];
    let t0 = performance.now();
    for (let i = 0; i < domains.length; i += 20) await Promise.all(domains.slice(i, i + 20).map((d) => client.lookup(d)));
    const cold = performance.now() - t0;
    t0 = performance.now();
    for (const d of domains) await client.lookup(d);
    const cached = performance.now() - t0;
    return [{ what: '1,000 RDAP lookups, local registry (20 at a time)', time: ms(cold), requests: client.requests },
      { what: 'the same 1,000 again (cache)', time: ms(cached), requests: client.requests }];
  } finally {
    await registry.close();
  }
}

const t = await startTestServer({ plugins: serverPlugins, pipeline: { worker: false } });
try {
  const rdap = await rdapFigures();
  const user = await t.createUser('Urls Bench', { roles: ['Analyst'] });
  const orgId = user.organizationId;
  let t0 = performance.now();
  const writer = new PostWriter(t.storage, orgId, 'import');
  let batch: NormalizedPost[] = [];
  let written = 0;
  for (const { post } of new CorpusGenerator({ seed: 'urls-bench', posts: POSTS, now: Date.UTC(2026, 10, 1) }).posts()) {
    batch.push(normalizePost(post));
    if (batch.length === 10_000) {
      await writer.write(batch);
      written += batch.length;
      batch = [];
      if (written % 100_000 === 0) log(`${written} posts written`);
    }
  }
  if (batch.length) await writer.write(batch);
  const writeSeconds = (performance.now() - t0) / 1000;
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  const project = (await client.post('/api/v2/project', { name: 'Bench' })).body.data;
  const conversationId = (await client.post('/api/v2/conversations', {
    project_id: project.id, name: 'Everything', query_string: 'x', threat_feed: false, start_date: '2026-10-01T00:00', end_date: '2026-11-01T00:00', language: 'en',
  })).body.data.id as string;
  const runId = crypto.randomUUID();
  const now = new Date().toISOString();
  await t.storage.db.insertInto('core_pipeline_runs').values({
    id: runId, organization_id: orgId, conversation_id: conversationId, run_type: 'STATIC_RUN', status: 'SUCCESS', request: '{}', dag_step: null,
    current_stage: null, enrichment_stage: null, progress: 1, message: null, error: null, collector_usage: '[]', attempts: 1, cancel_requested: 0,
    requested_by: null, worker_id: null, heartbeat_at: null, created_at: now, started_at: now, finished_at: now, updated_at: now,
  }).execute();
  await sql`insert into posts_run_posts (run_id, post_id) select ${runId}, id from posts_posts where organization_id = ${orgId}`.execute(t.storage.db);
  const links = (await sql<{ n: number }>`select count(*) as n from posts_urls u join posts_posts p on p.id = u.post_id where p.organization_id = ${orgId}`.execute(t.storage.db)).rows[0]!.n;

  // The last three are filtered: counted on their first call, then answered from the plugin's cache (linkCache.ts).
  const paths = ['urls-shared', 'domains-shared', 'urls-shared?exclude_twitter=true', 'urls-shared?exclude_twitter=true&platforms=telegram:true',
    'domains-shared?platforms=telegram:true', 'domains-shared?is_repost=false&platforms=twitter:false'];
  const rows: Array<Record<string, string | number>> = [];
  const measure = async (label: string) => {
    for (const path of paths) {
      const [name, extra] = path.split('?');
      const url = `/api/v2/analysis/${name}?conversation_id=${conversationId}${extra ? `&${extra}` : ''}`;
      t0 = performance.now();
      const first = await client.get(url);
      const cold = performance.now() - t0;
      if (first.status !== 200) throw new Error(`${url}: ${first.text}`);
      const warm: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        t0 = performance.now();
        await client.get(url);
        warm.push(performance.now() - t0);
      }
      rows.push({ counts: label, call: path, rows: first.body.data.length, cold: ms(cold), warm_median: ms(median(warm)) });
    }
  };
  await measure('live');
  // What the plugin does when a run finishes (runLinks.ts): count its links once; unfiltered calls then read them.
  t0 = performance.now();
  const postScope = t.server.ctx.services.get(postScopeKey);
  await writeRunLinks(dbOf(t.storage), postScope, { ...(await postScope.resolve(orgId, conversationId)), runId });
  const countSeconds = (performance.now() - t0) / 1000;
  await measure(`counted at finish (${countSeconds.toFixed(1)} s)`);
  printTable(`URLs calls, ${POSTS} posts (${links} links), written in ${writeSeconds.toFixed(0)} s, SQLite`, rows);
  printTable('RDAP', rdap);
} finally {
  await t.close();
}
