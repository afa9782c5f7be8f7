import { sql } from 'kysely';
import { HIGH_FROM, MEDIUM_FROM } from '../engagement/engagementLevels';
import { withPageCache } from '@core/server/storage/pageCache';
import { inGroups, type EnrichmentDb } from './runPosts';

/**
 * engagement_score levels, stored per post but relative to a population: **the organisation's enriched posts of the
 * same platform** (not the run's), so a post has one level whichever conversation shows it. The same rule as
 * `engagementLevels` (engine): p = share of the platform's posts with strictly less engagement; high p >= 0.75,
 * medium p >= 0.25, else low. Because p grows with the value, the rule is two cut values per platform: the smallest
 * engagement whose p reaches 0.25 (medium from) and 0.75 (high from).
 */

export interface EngagementCuts {
  /** Smallest engagement that is medium (or high); null when no value reaches p >= 0.25. */
  mediumFrom: number | null;
  highFrom: number | null;
  posts: number;
}

/** Cuts from the distinct values of one platform and how many posts have each. */
export function engagementCuts(valueCounts: ReadonlyArray<{ value: number; count: number }>): EngagementCuts {
  const sorted = [...valueCounts].sort((a, b) => a.value - b.value);
  const n = sorted.reduce((sum, v) => sum + v.count, 0);
  let below = 0;
  let mediumFrom: number | null = null;
  let highFrom: number | null = null;
  // A single post has p = 0 (the engine's rule): nothing to compare it with.
  if (n > 1) {
    for (const { value, count } of sorted) {
      const p = below / n;
      if (mediumFrom === null && p >= MEDIUM_FROM) mediumFrom = value;
      if (highFrom === null && p >= HIGH_FROM) { highFrom = value; break; }
      below += count;
    }
  }
  return { mediumFrom, highFrom, posts: n };
}

export function levelFor(engagement: number, cuts: EngagementCuts): 'low' | 'medium' | 'high' {
  if (cuts.highFrom !== null && engagement >= cuts.highFrom) return 'high';
  if (cuts.mediumFrom !== null && engagement >= cuts.mediumFrom) return 'medium';
  return 'low';
}

/** The level of a row's `engagement` under `cuts`, as SQL (levelFor's rule). */
function levelOf(cuts: EngagementCuts) {
  const whens = [
    ...(cuts.highFrom !== null ? [sql`when engagement >= ${cuts.highFrom} then 'high'`] : []),
    ...(cuts.mediumFrom !== null ? [sql`when engagement >= ${cuts.mediumFrom} then 'medium'`] : []),
  ];
  return whens.length ? sql<string>`case ${sql.join(whens, sql` `)} else 'low' end` : sql<string>`'low'`;
}

/**
 * Recomputes the levels of the organisation's posts of `platforms` from their current cuts, writing only rows whose
 * level changes (a second pass writes nothing). Answers the cuts per platform.
 */
export async function relevelPlatforms(
  db: EnrichmentDb, organizationId: string, platforms: readonly string[], dialect: 'sqlite' | 'postgres',
): Promise<Map<string, EngagementCuts>> {
  const out = new Map<string, EngagementCuts>();
  for (const group of inGroups([...new Set(platforms)], 500)) {
    const rows = await db.selectFrom('enrichment_posts')
      .select(['platform', 'engagement', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('organization_id', '=', organizationId).where('platform', 'in', group).where('engagement', 'is not', null)
      .groupBy(['platform', 'engagement'])
      .execute();
    const byPlatform = new Map<string, Array<{ value: number; count: number }>>();
    for (const r of rows) {
      const list = byPlatform.get(r.platform) ?? [];
      list.push({ value: Number(r.engagement), count: Number(r.n) });
      byPlatform.set(r.platform, list);
    }
    for (const [platform, values] of byPlatform) out.set(platform, engagementCuts(values));
  }
  await db.transaction().execute((trx) => withPageCache(trx, dialect, () => relevelRows(trx, organizationId, out)));
  return out;
}

/**
 * One statement for every platform, its rows read and rewritten in post id order: the subquery scans the table in key
 * order (its conditions are written so that no index answers them), so each table page is read and rewritten once and
 * the level index's entries move in key order. Per platform through the
 * (organisation, platform, engagement) index, the rows came in engagement order, scattered over the whole table: at
 * 4M posts each row dirtied another page (docs/benchmarks.md, "Collect and Core NLP at 5M, round 7").
 */
async function relevelRows(trx: EnrichmentDb, organizationId: string, out: ReadonlyMap<string, EngagementCuts>): Promise<void> {
  for (const group of inGroups([...out], 200)) {
    const level = sql<string>`case platform ${sql.join(group.map(([platform, cuts]) => sql`when ${platform} then ${levelOf(cuts)}`), sql` `)} end`;
    await trx.updateTable('enrichment_posts').set({ engagement_level: level })
      .where('post_id', 'in', (eb) => eb.selectFrom('enrichment_posts').select('post_id')
        // Written so that no index answers them (as core's sameOrganization): the rows are read in key order too.
        .where(sql`organization_id || ''`, '=', organizationId).where(sql`platform || ''`, 'in', group.map(([platform]) => platform))
        .where('engagement', 'is not', null)
        .where((w) => w.or([w('engagement_level', 'is', null), w('engagement_level', '!=', level)])))
      .execute();
  }
}
