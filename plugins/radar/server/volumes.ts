import { sql } from 'kysely';
import type { Db } from './tables';

/**
 * Posts per hour of a set of runs, overall and per theme. One run (a conversation) reads the hour counts its stage
 * stored; several runs (the organisation's Topic Radar home) count DISTINCT posts, so a post two conversations
 * collected counts once.
 */
export interface HourCounts {
  /** hour (`YYYY-MM-DDTHH`) -> posts, every post of the runs. */
  total: Map<string, number>;
  /** theme -> hour -> posts. */
  themes: Map<string, Map<string, number>>;
}

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);

export async function hourCounts(db: Db, organizationId: string, runIds: readonly string[], fromHour: string): Promise<HourCounts> {
  const total = new Map<string, number>();
  const themes = new Map<string, Map<string, number>>();
  const put = (theme: string, hour: string, n: number) => {
    if (theme === '') return add(total, hour, n);
    let m = themes.get(theme);
    if (!m) themes.set(theme, (m = new Map()));
    add(m, hour, n);
  };
  if (runIds.length === 0) return { total, themes };
  if (runIds.length === 1) {
    const rows = await db.selectFrom('radar_run_hours').select(['theme', 'hour', 'posts'])
      .where('run_id', '=', runIds[0]!).where('hour', '>=', fromHour).execute();
    for (const r of rows) put(r.theme, r.hour, Number(r.posts));
    return { total, themes };
  }
  const from = `${fromHour}:00:00.000Z`;
  const hour = sql<string>`substr(p.published_at, 1, 13)`;
  const totals = await sql<{ hour: string; n: number }>`select ${hour} as hour, count(distinct p.id) as n
    from posts_run_posts rp join posts_posts p on p.id = rp.post_id
    where rp.run_id in (${sql.join([...runIds])}) and p.organization_id = ${organizationId} and p.published_at >= ${from}
    group by ${hour}`.execute(db);
  for (const r of totals.rows) put('', r.hour, Number(r.n));
  const themed = await sql<{ theme: string; hour: string; n: number }>`select t.theme as theme, substr(t.published_at, 1, 13) as hour,
      count(distinct t.post_id) as n
    from radar_post_themes t
    where t.run_id in (${sql.join([...runIds])}) and t.organization_id = ${organizationId} and t.published_at >= ${from}
    group by t.theme, substr(t.published_at, 1, 13)`.execute(db);
  for (const r of themed.rows) put(r.theme, r.hour, Number(r.n));
  return { total, themes };
}

/** The sum of `counts` over hours in [from, to). */
export function sumHours(counts: Map<string, number> | undefined, fromHour: string, toHour: string): number {
  let n = 0;
  for (const [hour, v] of counts ?? []) if (hour >= fromHour && hour < toHour) n += v;
  return n;
}
