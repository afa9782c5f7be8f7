import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '@core/server/storage/database';
import type { TestServer } from '@core/server/testing/testServer';
import type { Assessments } from '@plugins/radar/shared/api';
import { TOP_PER_DAY } from '@plugins/radar/server/aggregates';
import { addRun, createConversation, enableThemes, post, runStage, signIn, startServer, writePosts } from './support';

const ENGINE = process.env.NARRASCOPE_TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
let t: TestServer;
beforeAll(async () => { t = await startServer(); });
afterAll(async () => t?.close());

/** TARIFF posts of several strengths: 90 within one day three days back, 150 spread over 40 days. */
const WORDINGS = [
  'Prices on the tariff list went up again.',
  'The new tariffs hit importers and the trade war deepens.',
  'Tariffs, import duties and a trade war: customs levies everywhere.',
  'Aranceles y tarifas: la guerra comercial sigue.',
];
const corpus = Array.from({ length: 240 }, (_, i) => post(`${WORDINGS[i % 4]} (${i})`, i < 90 ? 60 + (i % 20) + (i % 3) / 10 : (i * 61) % (40 * 24) + (i % 7) / 10));

interface ThemeRow { run_id: string; post_id: number; score: number; published_at: string }

/** What the representative posts are by definition: the window's themed posts, strongest, newest, lowest id first. */
function expected(rows: ThemeRow[], runIds: string[], from: string, to: string): number[] {
  const inWindow = rows.filter((r) => runIds.includes(r.run_id) && r.published_at >= from && r.published_at < to);
  const best = new Map<number, ThemeRow>();
  for (const r of inWindow) best.set(Number(r.post_id), r);
  return [...best.values()].sort((a, b) => b.score - a.score || b.published_at.localeCompare(a.published_at) || a.post_id - b.post_id)
    .slice(0, 5).map((r) => Number(r.post_id));
}

describe(`Topic Radar day aggregates on ${ENGINE}`, () => {
  it('answer exactly the representative posts the themed posts give, for a conversation and the home, every range', async () => {
    const a = await signIn(t, 'Radar Aggregates Org');
    const org = a.user.organizationId;
    const ids = await writePosts(t, org, corpus);
    const one = await createConversation(a.client, 'First half and more');
    const two = await createConversation(a.client, 'Second half and more');
    const runOne = await addRun(t, org, one, ids.slice(0, 160));
    const runTwo = await addRun(t, org, two, ids.slice(80));
    await runStage(t, 'radar.themes', org, one, runOne);
    await runStage(t, 'radar.themes', org, two, runTwo);
    await enableThemes(t, org, ['TARIFF']);
    const db = tablesOf<object>(t.storage);
    const rows = (await db.selectFrom('radar_post_themes' as never).select(['run_id', 'post_id', 'score', 'published_at'] as never[])
      .where('theme' as never, '=', 'TARIFF' as never).execute()) as unknown as ThemeRow[];
    expect(new Set(rows.map((r) => Number(r.score))).size).toBeGreaterThan(2);
    // The busiest day holds more themed posts than the aggregate keeps: the cut is exercised.
    const perDay = new Map<string, number>();
    for (const r of rows.filter((x) => x.run_id === runOne)) perDay.set(r.published_at.slice(0, 10), (perDay.get(r.published_at.slice(0, 10)) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeGreaterThan(TOP_PER_DAY);

    for (const range of ['LAST_DAY', 'LAST_WEEK', 'LAST_MONTH']) {
      for (const [conversationId, runIds] of [[one, [runOne]], [null, [runOne, runTwo]]] as const) {
        const res = await a.client.get(`/api/v2/radar/assessments?date_range=${range}${conversationId ? `&conversation_id=${conversationId}` : ''}`);
        expect(res.status, res.text).toBe(200);
        const data = res.body.data as Assessments;
        const tariff = data.themes.find((x) => x.theme_name === 'TARIFF')!;
        expect(tariff.representative_posts.map((p) => p.id), `${range} ${conversationId ?? 'home'}`).toEqual(expected(rows, [...runIds], data.start!, data.end!));
        expect(tariff.theme_summary).toMatch(/ Most mentioned: "[^"]+"/);
      }
    }
  });
});
