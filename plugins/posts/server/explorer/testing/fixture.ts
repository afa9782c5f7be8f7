import { filterDimensions } from '@core/shared/filters';
import { ENRICHMENT_DIMENSIONS } from '@plugins/enrichment/shared/public';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { postFacetsKey, type PostFacetProvider } from '@core/server/facets/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { normalizePost, type PostInput } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';

/** Test-only helpers: signed-in clients, posts written through the store, and a conversation whose run linked them. */

export async function signedIn(t: TestServer, org: string) {
  const user = await t.createUser(org);
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  return { client, user };
}

export const uniqueOrg = (prefix: string) => `${prefix} ${crypto.randomBytes(3).toString('hex')}`;

/** A post in the conversation window (2026-01-01 to 2026-01-04) whose text matches the conversation query `ballot`. */
export function post(rid: string, over: Partial<PostInput> = {}): PostInput {
  return {
    platform: 'reddit', rid, body: `ballot post ${rid}`, published_at: '2026-01-02T00:00:00.000Z',
    author: { rid: `author-${rid}`, screen_name: `user_${rid}` }, ...over,
  };
}

export async function writePosts(t: TestServer, organizationId: string, posts: readonly PostInput[]): Promise<void> {
  await new PostWriter(t.storage, organizationId, 'import').write(posts.map((p) => normalizePost(p)));
}

/**
 * Queues a run of a new conversation querying `ballot` over the window through the core pipeline and runs it: the
 * posts plugin's own collect stage links the matching stored posts (no conversations plugin needed, which a posts
 * test may not import). Pass `conversationId` to run an existing conversation again. Answers the conversation id.
 */
export async function conversationOver(t: TestServer, organizationId: string, query = 'ballot', conversationId: string = crypto.randomUUID()): Promise<string> {
  const pipeline = t.server.ctx.services.get(pipelineKey);
  await pipeline.enqueue({
    conversationId, organizationId, queryString: query, startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-04T00:00:00.000Z',
    language: null, useExistingData: false, runType: 'STATIC_RUN',
  });
  const runs = await pipeline.drain();
  const failed = runs.find((r) => r.status !== 'SUCCESS');
  if (failed) throw new Error(`run ${failed.id} ended ${failed.status}`);
  return conversationId;
}

/** Post store id of a post by rid (ids are what raw data rows and posts/details use). */
export async function postId(t: TestServer, organizationId: string, rid: string): Promise<number> {
  const row = (await sql<{ id: number }>`select id from posts_posts where organization_id = ${organizationId} and rid = ${rid}`
    .execute(t.storage.db)).rows[0];
  if (!row) throw new Error(`no post ${rid}`);
  return Number(row.id);
}

/**
 * A small facet provider registered through the public contract, as an analysis plugin would: sentiment (list),
 * contains_threatening_language (boolean), a threats_of_violence sort key and row fields, read from a tiny test table.
 */
/** Bumped by every setFacet: the test provider's `revision`, so the explorer's run index sees the change. */
let facetWrites = 0;

export async function registerTestFacets(t: TestServer, opts: { withRevision?: boolean } = {}): Promise<() => void> {
  const db = t.storage.db;
  await sql`create table if not exists test_facets (post_id integer not null, sentiment text, threat real)`.execute(db);
  const provider: PostFacetProvider = {
    owner: 'test',
    ...(opts.withRevision === false ? {} : { revision: async () => String(facetWrites) }),
    facets: {
      sentiments: () => sql`select post_id, sentiment as value from test_facets where sentiment is not null`,
      contains_threatening_language: () => sql`select post_id, 'true' as value from test_facets where threat >= 0.5`,
    },
    sortKeys: { threats_of_violence: (id) => sql`(select tf.threat from test_facets tf where tf.post_id = ${id})` },
    async fields(ids) {
      const out = new Map<number, Record<string, unknown>>();
      if (ids.length === 0) return out;
      const rows = (await sql<{ post_id: number; sentiment: string | null; threat: number | null }>`select post_id, sentiment, threat
        from test_facets where post_id in (${sql.join([...ids])})`.execute(db)).rows;
      for (const r of rows) out.set(Number(r.post_id), { sentiment: r.sentiment, threats_of_violence: r.threat === null ? null : Number(r.threat) });
      return out;
    },
  };
  // The dimensions these facets answer are enrichment's: declared as its plugin declares them (a server with the
  // enrichment plugin has them already; the same definitions are counted, not refused).
  const releaseDimensions = filterDimensions.register(ENRICHMENT_DIMENSIONS);
  const releaseFacets = t.server.ctx.services.get(postFacetsKey).register(provider);
  return () => { releaseFacets(); releaseDimensions(); };
}

export async function setFacet(t: TestServer, id: number, sentiment: string | null, threat: number | null) {
  facetWrites += 1;
  await sql`insert into test_facets (post_id, sentiment, threat) values (${id}, ${sentiment}, ${threat})`.execute(t.storage.db);
}
