import { tablesOf, type Storage } from '@core/server/storage/database';
import type { PostStoreTables as PostsTables } from '@core/server/postStore/tables';
import { detectStage } from '@plugins/coordination/server';
import { DEFAULT_CONFIG } from '@plugins/coordination/server/engine/config';
import type { CoordinationResult, CoordinationStats } from '@plugins/coordination/server/engine/types';
import type { CoordinationCluster, CoordinationEdge } from '@plugins/coordination/shared/types';
import { writeRun } from '@plugins/coordination/server/stage/writeRun';
import { recordRun, stageContext, T0 } from '@plugins/coordination/server/testing/fixture';

/**
 * A detection of any size without running the engine (which would need a corpus that big): accounts and one post
 * each in the post store, and a CoordinationResult written by the stage's own writer (`writeRun`), then a
 * successful pipeline run, as the stage leaves it. Deterministic:
 * - cluster k (`c{k+1}`, in the order of `sizes`, largest first) has `sizes[k]` members; member m is linked to
 *   members m+1 .. m+5 (mod n), so about 5 edges per account;
 * - every 10th cluster (k % 10 == 9) is proven by profiles alone (SIMILAR_SCREEN_NAMES, no posts);
 * - the posts of clusters with k % 3 == 1 are on reddit, those of the others on twitter except members m % 4 == 0
 *   (reddit): with `platforms=twitter:true` the reddit clusters drop out and edges between two reddit posts go.
 */
export async function syntheticDetection(storage: Storage, organizationId: string, sizes: readonly number[]) {
  const ctx = stageContext(storage, organizationId);
  const tag = ctx.runId.slice(0, 8);
  const db = tablesOf<PostsTables>(storage);
  const now = new Date().toISOString();
  const members = sizes.map((n, k) => Array.from({ length: n }, (_, m) => ({ k, m, rid: `g${tag}-${k}-${m}` })));
  const all = members.flat();
  const actorRows = all.map(({ k, m, rid }) => ({
    organization_id: organizationId, platform: 'twitter', rid, user_id: null,
    // Some accounts have no screen name: the accounts sort falls back to the rid.
    screen_name: m % 7 === 3 ? null : `n${(k * 7919 + m * 104_729) % 100_003}`, display_name: null, location: null,
    url: null, avatar_url: null, bio: null, created_at: null, embedded_profile_url: `https://x.com/${rid}`,
    additional_properties: '{}', first_seen_at: now,
  }));
  const actorId = new Map<string, number>();
  for (let s = 0; s < actorRows.length; s += 500) {
    const ids = await db.insertInto('posts_actors').values(actorRows.slice(s, s + 500)).returning(['id', 'rid']).execute();
    for (const r of ids) actorId.set(r.rid, r.id);
  }
  const profileOnly = (k: number) => k % 10 === 9;
  const postRows = all.filter(({ k }) => !profileOnly(k)).map(({ k, m, rid }) => ({
    organization_id: organizationId, platform: k % 3 === 1 || m % 4 === 0 ? 'reddit' : 'twitter', rid: `${rid}-p`, actor_id: actorId.get(rid)!,
    subject: null, title: null, body: `shared ${k}`, published_at: new Date(T0 + m * 1000).toISOString(), language: 'en',
    source_url: null, avatar_url: null, accounts_url: null, urls: '[]', images: '[]', domains: '[]', entities: null,
    is_repost: 0, is_reply: 0, is_quote: 0, repost_of: null, quote_of: null, reply_to: null, is_niche: 0,
    additional_properties: '{}', source: 'import', created_at: now,
  }));
  const postId = new Map<number, number>();
  for (let s = 0; s < postRows.length; s += 500) {
    const ids = await db.insertInto('posts_posts').values(postRows.slice(s, s + 500)).returning(['id', 'actor_id']).execute();
    for (const r of ids) postId.set(r.actor_id!, r.id);
  }

  const total = all.length;
  const clusters: CoordinationCluster[] = members.map((group, k) => {
    const n = group.length;
    const ids = group.map((g) => actorId.get(g.rid)!);
    const type = profileOnly(k) ? 'SIMILAR_SCREEN_NAMES' as const : 'SYNCHRONOUS_URL_SHARE' as const;
    const edges: CoordinationEdge[] = [];
    const seen = new Set<string>();
    for (let m = 0; m < n; m++) {
      for (let d = 1; d <= 5; d++) {
        const [a, b] = [ids[m]!, ids[(m + d) % n]!].sort((x, y) => x - y) as [number, number];
        if (a === b || seen.has(`${a}-${b}`)) continue;
        seen.add(`${a}-${b}`);
        const sample = profileOnly(k)
          ? { key: `name-${k}`, post_i: null, post_j: null, time_i: null, time_j: null, delta_ms: null }
          : { key: `x.example/${k}`, post_i: String(postId.get(a)!), post_j: String(postId.get(b)!), time_i: T0, time_j: T0 + 1000, delta_ms: 1000 };
        // Weights repeat, so the order also rests on the edge id.
        const weight = 1 + ((k * 31 + m * 7 + d) % 17) / 4;
        edges.push({ i: String(a), j: String(b), weight, coordination_types: [type], evidence: [{ type, co_actions: 2, weight, samples: [sample] }] });
      }
    }
    const posts = profileOnly(k) ? [] : ids.map((id) => String(postId.get(id)!));
    return {
      cluster_id: `c${k + 1}`, vertices: ids.map(String), edges, platform: 'twitter', post_ids: posts,
      preview: {
        cluster_insights: [`${n} accounts`], engagement_score: null, number_accounts: n, number_posts: posts.length, percent_accounts: n / total,
        evidences: [{ type, group: profileOnly(k) ? 'Sock Puppets' : 'Synchronous Posting', edges: edges.length, accounts: n, posts: posts.length }],
      },
    };
  });
  const postClusters = new Map(clusters.flatMap((c) => c.post_ids.map((p): [string, string[]] => [p, [c.cluster_id]])));
  const stats: CoordinationStats = {
    posts: postRows.length, accounts: total, postings: {}, pairEvents: {}, pairs: {}, passingPairs: {}, crowdedActs: {},
    copypasta: { texts: 0, candidates: 0, verified: 0, families: 0 }, bursts: { events: 0, linkedPairs: 0, groups: 0, edges: 0 }, edges: clusters.reduce((s, c) => s + c.edges.length, 0),
    clusters: clusters.length, arenaBytes: 0, timingsMs: {},
  };
  const result: CoordinationResult = {
    clusters, postClusters, stats, accountCluster: new Map(clusters.flatMap((c) => c.vertices.map((v) => [v, c.cluster_id] as const))),
  };
  await writeRun(storage, { runId: ctx.runId, organizationId, conversationId: ctx.conversationId, stageVersion: detectStage.version }, result, DEFAULT_CONFIG);
  await recordRun(storage, ctx, 'SUCCESS');
  return { conversationId: ctx.conversationId, accounts: total, edges: stats.edges };
}
