import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { freshDatabase, type FreshDatabase } from '@core/server/pipeline/testing/database';
import { runMigrations } from '@core/server/storage/migrations';
import { migrations as enrichmentMigrations } from '../migrations';
import { engagementCuts, levelFor, relevelPlatforms } from './engagementCuts';
import type { EnrichmentDb } from './runPosts';

/** relevelPlatforms in one statement per 200 platforms, rows visited by post id: the same levels as the rule, row by row. */
let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await freshDatabase();
  await runMigrations(fresh.storage, [{ owner: 'enrichment', migrations: enrichmentMigrations }]);
});
afterAll(async () => fresh?.drop());

describe('relevelPlatforms', () => {
  it('stores every post the level of its platform\'s cuts in its organisation, leaves other organisations and platforms alone, and puts the page cache back', async () => {
    const db = fresh.storage.db as unknown as Kysely<any>;
    const rows: Record<string, unknown>[] = [];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let id = 1; id <= 900; id++) {
      const org = id % 5 === 0 ? 'other-org' : 'org';
      const platform = ['twitter', 'reddit', 'gab', 'tiktok'][id % 4]!;
      const engagement = id % 11 === 0 ? null : Math.floor(next() * 30);
      rows.push({
        post_id: id, organization_id: org, platform, language: 'en', sentiment: 'NEUTRAL', sentiment_score: 0, threat: 0, threat_score: 0,
        threat_evidence: '{}', entities: '{}', first_ngram: null, engagement, engagement_level: id % 3 === 0 ? 'high' : null, version: 3,
        enriched_at: '2025-01-01T00:00:00.000Z',
      });
    }
    for (let i = 0; i < rows.length; i += 100) await db.insertInto('enrichment_posts').values(rows.slice(i, i + 100)).execute();
    const cacheSize = async () => (fresh.storage.dialect === 'sqlite' ? Number(Object.values((await sql.raw<Record<string, number>>('PRAGMA cache_size').execute(db)).rows[0]!)[0]) : 0);
    const cacheBefore = await cacheSize();
    const cuts = await relevelPlatforms(db as unknown as EnrichmentDb, 'org', ['twitter', 'reddit', 'gab'], fresh.storage.dialect);
    expect(await cacheSize()).toBe(cacheBefore);
    const stored = await db.selectFrom('enrichment_posts').select(['post_id', 'organization_id', 'platform', 'engagement', 'engagement_level']).orderBy('post_id').execute();
    for (const r of stored) {
      const before = rows[Number(r.post_id) - 1]!;
      if (r.organization_id !== 'org' || r.platform === 'tiktok' || r.engagement === null) {
        expect(r.engagement_level).toBe(before.engagement_level);
        continue;
      }
      const values = rows.filter((x) => x.organization_id === 'org' && x.platform === r.platform && x.engagement !== null);
      const counts = new Map<number, number>();
      for (const x of values) counts.set(x.engagement as number, (counts.get(x.engagement as number) ?? 0) + 1);
      const expected = engagementCuts([...counts].map(([value, count]) => ({ value, count })));
      expect(cuts.get(r.platform)).toEqual(expected);
      expect(r.engagement_level).toBe(levelFor(Number(r.engagement), expected));
    }
    // A second pass writes nothing and changes nothing.
    await relevelPlatforms(db as unknown as EnrichmentDb, 'org', ['twitter', 'reddit', 'gab'], fresh.storage.dialect);
    expect(await db.selectFrom('enrichment_posts').select(['post_id', 'organization_id', 'platform', 'engagement', 'engagement_level']).orderBy('post_id').execute()).toEqual(stored);
  });
});
