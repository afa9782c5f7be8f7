import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '@core/server/logger';
import type { RunRequest, StageContext } from '@core/server/pipeline/stages';
import { ensureOrganization } from '@core/server/seed';
import { tablesOf } from '@core/server/storage/database';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { ServiceRegistry } from '@core/shared/services/registry';
import postsServer, { collectStage } from '../index';
import { normalizePost, type PostInput } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import type { PostsTables } from '@plugins/posts/server/tables';
import { LOCAL_ARCHIVE_ID } from '../../shared/dataSources';
import { runCollect } from './stage';

let t: TestServer;
let org: string;
let other: string;
const db = () => tablesOf<PostsTables>(t.storage);

const day = (d: number, h = 12) => new Date(Date.UTC(2025, 4, d, h)).toISOString();
const post = (rid: string, body: string, published: string, extra: Partial<PostInput> = {}): PostInput => ({
  platform: 'twitter', rid, body, published_at: published, author: { rid: `a-${rid}`, screen_name: `user${rid}` }, ...extra,
});

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer] });
  org = await ensureOrganization(t.storage, 'Collect Org');
  other = await ensureOrganization(t.storage, 'Other Org');
  await new PostWriter(t.storage, org, 'import').write([
    post('1', 'Climate change is real and the climate matters', day(2)),
    post('2', 'The climate hoax is here again for the win', day(3)),
    post('3', 'Nothing to see here, only football', day(4)),
    post('4', 'Climate marches in Madrid para el clima', day(5), { language: 'es' }),
    post('5', 'climate', day(6)), // too short for a language guess: unknown
    post('6', 'Climate news from last year', '2024-05-01T00:00:00.000Z'),
    post('7', '#climate strike today', day(7)),
    { ...post('8', 'climate change on reddit is the topic', day(8)), platform: 'reddit' as const },
  ].map(normalizePost));
  await new PostWriter(t.storage, other, 'import').write([post('1', 'Climate in the other organisation', day(2))].map(normalizePost));
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await db().updateTable('posts_data_sources').set({ record_limit: null, enabled: 1 }).where('id', '=', LOCAL_ARCHIVE_ID).execute();
});

function context(overrides: Partial<RunRequest> = {}, runId = crypto.randomUUID(), conversationId = crypto.randomUUID()): StageContext & { progressed: number[] } {
  const progressed: number[] = [];
  const run: RunRequest = {
    conversationId, organizationId: org, queryString: 'climate', startDate: day(1, 0), endDate: day(31, 0), language: null,
    useExistingData: false, runType: 'STATIC_RUN', ...overrides,
  };
  return {
    storage: t.storage, run, logger: createLogger('silent'), services: new ServiceRegistry(), organizationId: run.organizationId,
    conversationId: run.conversationId, runId, progress: (f) => progressed.push(f), signal: new AbortController().signal, progressed,
  };
}

async function linked(runId: string): Promise<string[]> {
  const rows = await db().selectFrom('posts_run_posts').innerJoin('posts_posts', 'posts_posts.id', 'posts_run_posts.post_id')
    .select(['posts_posts.platform', 'posts_posts.rid']).where('run_id', '=', runId).execute();
  return rows.map((r) => (r.platform === 'twitter' ? r.rid : `${r.platform}:${r.rid}`)).sort();
}

describe('posts.collect with the local archive', () => {
  it('links the organisation\'s matching posts in the date range and records the collector, idempotently', async () => {
    const ctx = context();
    await collectStage.run(ctx);
    await collectStage.run(ctx);
    // Whole tokens only: `#climate` is a hashtag, not the word; post 6 is outside the range; org B is not searched.
    expect(await linked(ctx.runId)).toEqual(['1', '2', '4', '5', 'reddit:8']);
    const collectors = await db().selectFrom('posts_collector_runs').selectAll().where('run_id', '=', ctx.runId).execute();
    expect(collectors).toHaveLength(1);
    expect(collectors[0]).toMatchObject({ name: 'Local archive', source: 'local', record_limit: null, collected_records: 5, status: 'SUCCESS', failure: null });
    const collection = await db().selectFrom('posts_collections').selectAll().where('run_id', '=', ctx.runId).executeTakeFirstOrThrow();
    expect(collection).toMatchObject({ status: 'SUCCESS', collected_records: 5, reused_from_run_id: null, conversation_id: ctx.conversationId });
    expect(ctx.progressed.at(-1)).toBe(1);
  });

  it('applies NOT, phrases and OR exactly, whichever candidate path the dialect takes', async () => {
    const cases: [string, string[]][] = [
      ['climate NOT hoax', ['1', '4', '5', 'reddit:8']],
      ['"climate change"', ['1', 'reddit:8']],
      ['NOT climate', ['3', '7']],
      ['#climate OR football', ['3', '7']],
      ['hoax OR (climate AND NOT change)', ['2', '4', '5']],
      ['!!!', []],
    ];
    for (const [query, expected] of cases) {
      const ctx = context({ queryString: query });
      await collectStage.run(ctx);
      expect(await linked(ctx.runId), query).toEqual(expected);
    }
  });

  it('keeps posts in the asked language and posts of unknown language', async () => {
    const es = context({ language: 'es' });
    await collectStage.run(es);
    expect(await linked(es.runId)).toEqual(['4', '5']);
    const en = context({ language: 'en-GB' });
    await collectStage.run(en);
    expect(await linked(en.runId)).toEqual(['1', '2', '5', 'reddit:8']);
  });

  it('honours the data source record_limit, newest first, on both paths', async () => {
    await db().updateTable('posts_data_sources').set({ record_limit: 2 }).where('id', '=', LOCAL_ARCHIVE_ID).execute();
    const exact = context();
    await collectStage.run(exact);
    expect(await linked(exact.runId)).toEqual(['5', 'reddit:8']);
    const widened = context({ queryString: 'NOT football' });
    await collectStage.run(widened);
    expect(await linked(widened.runId)).toEqual(['7', 'reddit:8']);
    const entry = await db().selectFrom('posts_collector_runs').selectAll().where('run_id', '=', widened.runId).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ record_limit: 2, collected_records: 2 });
  });

  it('reuses the previous run of the conversation with use_existing_data, unless the query changed', async () => {
    const conversation = crypto.randomUUID();
    const first = context({ queryString: 'football OR hoax' }, crypto.randomUUID(), conversation);
    await collectStage.run(first);
    expect(await linked(first.runId)).toEqual(['2', '3']);
    await new PostWriter(t.storage, org, 'import').write([normalizePost(post('9', 'more football news', day(9)))]);

    const reuse = context({ queryString: 'football OR hoax', useExistingData: true }, crypto.randomUUID(), conversation);
    const outcome = await runCollect(reuse, new Map());
    expect(outcome.reusedFromRunId).toBe(first.runId);
    expect(await linked(reuse.runId)).toEqual(['2', '3']);
    expect(outcome.collectors.map((c) => c.name)).toEqual(['Local archive']);

    const fresh = context({ queryString: 'football OR hoax' }, crypto.randomUUID(), conversation);
    await collectStage.run(fresh);
    expect(await linked(fresh.runId)).toEqual(['2', '3', '9']);
    const changed = context({ queryString: 'football', useExistingData: true }, crypto.randomUUID(), conversation);
    expect((await runCollect(changed, new Map())).reusedFromRunId).toBeNull();
    expect(await linked(changed.runId)).toEqual(['3', '9']);
  });

  it('records a failing collector as FAILED with its reason and keeps the other collectors\' posts', async () => {
    const source = { id: crypto.randomUUID(), name: 'Broken feed', source: 'broken' };
    await db().insertInto('posts_data_sources').values({ ...source, record_limit: 100, enabled: 1, editable: 1, settings: '{}', created_at: day(1), updated_at: day(1) }).execute();
    try {
      const ctx = context({ queryString: 'hoax' });
      const outcome = await runCollect(ctx, new Map());
      expect(outcome.collectors).toEqual([
        { name: 'Local archive', source: 'local', record_limit: null, collected_records: 1, status: 'SUCCESS', failure: null },
        { name: 'Broken feed', source: 'broken', record_limit: 100, collected_records: 0, status: 'FAILED', failure: "no collector is installed for source 'broken'" },
      ]);
      expect(await linked(ctx.runId)).toEqual(['2']);

      await db().updateTable('posts_data_sources').set({ enabled: 0 }).where('id', '=', LOCAL_ARCHIVE_ID).execute();
      const alone = context({ queryString: 'hoax' });
      await expect(collectStage.run(alone)).rejects.toThrow("Every data collector failed: Broken feed: no collector is installed for source 'broken'");
      expect((await db().selectFrom('posts_collections').select('status').where('run_id', '=', alone.runId).executeTakeFirstOrThrow()).status).toBe('FAILED');
    } finally {
      await db().deleteFrom('posts_data_sources').where('id', '=', source.id).execute();
    }
  });

  it('refuses an invalid query with the parser\'s message and writes no links', async () => {
    const ctx = context({ queryString: 'climate AND' });
    await expect(collectStage.run(ctx)).rejects.toThrow('keyword at position 8 is missing its right-hand side: "climate AND"');
    expect(await linked(ctx.runId)).toEqual([]);
  });
});
