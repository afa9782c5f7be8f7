import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { conversationWithRun, criterion, posts, ruleBody, runAt, signIn, startServer, writePosts } from './support';

/**
 * "Its rule fires once": a surge that keeps a series unusual (or over its threshold) for several runs is one alert, not
 * one a run. A criterion that flagged the previous run does not fire again; it re-arms at the first run back to
 * normal (rule.ts). Stored firings and the preview agree while the rule was on throughout; a rule created mid-episode
 * fires at its next flagged run.
 */
let t: TestServer;
let analyst: ApiClient;
let org: string;
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 2, 1);

/** A continuous conversation run once a day over the last 7 days of `daily` (posts published per day), from day 6. */
async function dailyConversation(name: string, prefix: string, daily: readonly number[], criteria: unknown[], ruleFromDay = 0) {
  const ids = await writePosts(t, org, daily.flatMap((n, d) => posts(`${prefix}${d}`, n, 'twitter', d * 24)));
  const ofDay = (d: number) => Array.from({ length: daily[d]! }, (_, i) => ids.get(`${prefix}${d}-${i}`)!);
  const conversationId = (await conversationWithRun(t, analyst, org, name, [])).conversationId;
  // runIds[k]: the run at the end of day k + 6, holding days k .. k + 6. The rule exists from the run of `ruleFromDay`.
  const runIds: string[] = [];
  for (let last = 6; last < daily.length; last++) {
    if (last === Math.max(6, ruleFromDay)) {
      const rule = await analyst.post('/api/v2/alerts/configs', ruleBody(conversationId, { name: `${name} watch`, config: { criteria } }));
      expect(rule.status, rule.text).toBe(200);
    }
    const window = Array.from({ length: 7 }, (_, k) => ofDay(last - 6 + k)).flat();
    runIds.push(await runAt(t, org, conversationId, window, new Date(T0 + (last + 1) * DAY).toISOString()));
  }
  return { conversationId, runIds };
}

async function firedRuns(conversationId: string, runIds: readonly string[]) {
  const fired = await analyst.get(`/api/v2/conversations/${conversationId}/alerts`);
  expect(fired.status, fired.text).toBe(200);
  return fired.body.data.map((f: { details: { dag_run_id: string } }) => runIds.indexOf(f.details.dag_run_id)).sort((a: number, b: number) => a - b);
}

async function previewRuns(conversationId: string, runIds: readonly string[], criteria: unknown[]) {
  const preview = await analyst.post('/api/v2/alerts/preview', { alertable_id: conversationId, config: { criteria } });
  expect(preview.status, preview.text).toBe(200);
  return preview.body.data.firings.map((f: { dag_run_id: string }) => runIds.indexOf(f.dag_run_id));
}

beforeAll(async () => {
  t = await startServer();
  const a = await signIn(t, 'Org A', 'Analyst');
  analyst = a.client;
  org = a.user.organizationId;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a surge over several runs fires once, and a new surge after a normal run fires again', () => {
  it('unusual change: three surging days are one alert; the surge after a normal day is another', async () => {
    // Days 0-20 ordinary (about 21 a day), days 21-23 surge, day 24 ordinary, day 25 surges again.
    const daily = [20, 22, 19, 21, 20, 23, 21, 20, 22, 21, 19, 22, 21, 20, 23, 22, 21, 20, 22, 21, 22, 60, 70, 65, 21, 70];
    const unusual = criterion({ kind: 'unusual_change', sensitivity: 'medium', threshold: 0 });
    const { conversationId, runIds } = await dailyConversation('Harbour daily', 'u', daily, [unusual]);
    const surgeRun = (day: number) => day - 6;
    expect(await firedRuns(conversationId, runIds)).toEqual([surgeRun(21), surgeRun(25)]);
    expect(await previewRuns(conversationId, runIds, [unusual])).toEqual([surgeRun(21), surgeRun(25)]);
    // The days after the first are still unusual: the preview's series shows why they did not fire again.
    const preview = await analyst.post('/api/v2/alerts/preview', { alertable_id: conversationId, config: { criteria: [unusual] } });
    expect(preview.body.data.firings[0].criteria[0]).toMatchObject({ fired: true, explanation: { observed: 60 } });
    expect(preview.body.data.firings[0].criteria[0].continuing).toBeUndefined();
  }, 120_000);

  it('fixed threshold: three rises in a row are one alert; after a run that does not rise, the next rise fires', async () => {
    // Window totals 7 x 10 = 70, then +12, +12, +12 (days 10-12), flat, flat, then +12 again.
    const daily = [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 22, 22, 22, 10, 10, 10, 22];
    const rise = criterion({ threshold: 10 });
    const { conversationId, runIds } = await dailyConversation('Harbour totals', 'f', daily, [rise]);
    expect(await firedRuns(conversationId, runIds)).toEqual([10 - 6, 16 - 6]);
    expect(await previewRuns(conversationId, runIds, [rise])).toEqual([10 - 6, 16 - 6]);
  }, 120_000);

  it('a rule created in the middle of an episode fires at its next flagged run, once (nothing was told yet)', async () => {
    const daily = [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 22, 22, 22, 10, 10, 10, 22];
    const rise = criterion({ threshold: 10 });
    // The rule is created after the first rise (day 10): the rises of days 11 and 12 are its episode's.
    const { conversationId, runIds } = await dailyConversation('Harbour late', 'l', daily, [rise], 11);
    expect(await firedRuns(conversationId, runIds)).toEqual([11 - 6, 16 - 6]);
    // The preview takes the rule as on throughout: the episode began at day 10.
    expect(await previewRuns(conversationId, runIds, [rise])).toEqual([10 - 6, 16 - 6]);
  }, 120_000);
});
