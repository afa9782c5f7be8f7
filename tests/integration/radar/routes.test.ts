import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import type { Assessment, Assessments } from '@plugins/radar/shared/api';
import { THEME_ORDER } from '@plugins/radar/shared/themes';
import {
  CORPUS, addRun, createConversation, enableThemes, errorsOf, hoursAgo, post, runStage, signIn, snapshot, startServer, writePosts,
} from './support';

const ENGINE = process.env.NARRASCOPE_TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
let t: TestServer;
beforeAll(async () => { t = await startServer(); });
afterAll(async () => t?.close());

const theme = (answer: Assessments, name: string): Assessment => answer.themes.find((a) => a.theme_name === name)!;

async function orgWithConversation(org: string, permissions?: string[]) {
  const a = await signIn(t, org, permissions);
  const ids = await writePosts(t, a.user.organizationId, CORPUS);
  const conversationId = await createConversation(a.client, `Trade ${org}`);
  const runId = await addRun(t, a.user.organizationId, conversationId, ids);
  await runStage(t, 'radar.themes', a.user.organizationId, conversationId, runId);
  return { ...a, ids, conversationId, runId };
}

describe(`Topic Radar API on ${ENGINE}`, () => {
  it('stage radar.themes classifies the run (en, es, zh), counts its hours and is idempotent', async () => {
    const a = await orgWithConversation('Radar Stage Org');
    const first = await snapshot(t);
    const mine = first.themes.filter((r) => (r as { run_id: string }).run_id === a.runId) as Array<{ post_id: number; theme: string }>;
    const themeOf = new Map(mine.map((r) => [Number(r.post_id), r.theme]));
    expect(a.ids.map((id) => themeOf.get(id) ?? null)).toEqual([
      'TARIFF', 'TARIFF', 'TARIFF', 'TARIFF', 'TARIFF', 'TARIFF', 'BOYCOTT', 'BOYCOTT', 'BOYCOTT', 'ELECTION_DENIAL', null, null, null, null, null,
    ]);
    expect(first.runs.find((r) => (r as { run_id: string }).run_id === a.runId)).toEqual({ run_id: a.runId, posts: 15, themed_posts: 10, last_post_at: hoursAgo(0) });
    await runStage(t, 'radar.themes', a.user.organizationId, a.conversationId, a.runId);
    expect(await snapshot(t)).toEqual(first);
  });

  it("answers a conversation's narrative risk assessments per date range, every theme in the spec's order", async () => {
    const a = await orgWithConversation('Radar Ranges Org');
    const ask = async (range?: string) => {
      const res = await a.client.get(`/api/v2/radar/assessments?conversation_id=${a.conversationId}${range ? `&date_range=${range}` : ''}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data as Assessments;
    };
    const week = await ask();
    expect(week.date_range).toBe('LAST_WEEK');
    expect(week.themes.map((x) => x.theme_name)).toEqual([...THEME_ORDER]);
    expect(week.themes.map((x) => x.label)).toEqual(['DEI', 'BOYCOTT', 'Labor', 'Election Denial', 'FINANCE', 'Short Selling', 'QAnon', 'MAHA & Vaccine', 'TARIFF']);
    expect([week.total_posts_date_range, week.total_posts_last_24h]).toEqual([12, 10]);
    const tariff = theme(week, 'TARIFF');
    expect([tariff.volume_raw, tariff.volume_percentage, tariff.volume_raw_date_range, tariff.total_posts_date_range]).toEqual([4, 40, 6, 12]);
    expect(tariff.volume_history).toHaveLength(7);
    expect(tariff.volume_history.reduce((n, p) => n + p.volume, 0)).toBe(6);
    expect(tariff.volume_history.at(-1)!.volume).toBe(4);
    expect(tariff.conversation_id).toBe(a.conversationId);
    expect(tariff.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The strongest post first: the one naming tariffs and the trade war (and their hashtags).
    expect(tariff.representative_posts[0]!.body).toBe(CORPUS[0]!.body);
    // Five at most, all the theme's.
    expect(tariff.representative_posts).toHaveLength(5);
    expect(tariff.representative_posts.every((p) => a.ids.slice(0, 6).includes(p.id))).toBe(true);
    expect(tariff.theme_summary).toMatch(/^6 posts in the past week \(50% of the conversation\), none in the week before\. Most mentioned: "tariff"/);
    const boycott = theme(week, 'BOYCOTT');
    expect([boycott.volume_raw_date_range, boycott.representative_posts, boycott.theme_summary]).toEqual([0, [], null]);

    const day = await ask('LAST_DAY');
    expect(theme(day, 'TARIFF').volume_history).toHaveLength(24);
    expect([day.total_posts_date_range, theme(day, 'TARIFF').volume_raw_date_range, theme(day, 'ELECTION_DENIAL').volume_raw_date_range]).toEqual([10, 4, 1]);
    const month = await ask('LAST_MONTH');
    expect(theme(month, 'TARIFF').volume_history).toHaveLength(30);
    expect([month.total_posts_date_range, theme(month, 'BOYCOTT').volume_raw_date_range, theme(month, 'BOYCOTT').volume_raw]).toEqual([15, 3, 0]);
    expect(month.end).toBe(new Date(Date.parse(hoursAgo(0)) - (Date.parse(hoursAgo(0)) % 3_600_000) + 3_600_000).toISOString());

    // Only the organisation's enabled themes once it chose some.
    await enableThemes(t, a.user.organizationId, ['TARIFF', 'DEI']);
    expect((await ask()).themes.map((x) => x.theme_name)).toEqual(['DEI', 'TARIFF']);
  });

  it('refuses an unknown date_range with its message and stores nothing', async () => {
    const a = await orgWithConversation('Radar Bad Input Org');
    const before = await snapshot(t);
    const res = await a.client.get(`/api/v2/radar/assessments?conversation_id=${a.conversationId}&date_range=ALWAYS`);
    expect(res.status).toBe(400);
    expect(errorsOf(res)!.join(' ')).toContain('date_range is one of LAST_DAY, LAST_WEEK, LAST_MONTH');
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers a conversation without a classified run with empty themes, and 404 for an unknown one', async () => {
    const a = await signIn(t, 'Radar Empty Org');
    const conversationId = await createConversation(a.client, 'Nothing yet');
    await addRun(t, a.user.organizationId, conversationId, []);
    const res = await a.client.get(`/api/v2/radar/assessments?conversation_id=${conversationId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.themes.every((x: Assessment) => x.volume_raw_date_range === 0 && x.volume_history.length === 0)).toBe(true);
    const unknown = await a.client.get('/api/v2/radar/assessments?conversation_id=7f0c2d5e-0000-4000-8000-000000000000');
    expect([unknown.status, errorsOf(unknown)]).toEqual([404, ['Conversation not found']]);
  });

  it('home: 403 until the organisation enables Topic Radar, then every live conversation with each post once', async () => {
    const a = await orgWithConversation('Radar Home Org', ['CREATE_CONVERSATION', 'DELETE_CONVERSATION']);
    const refused = await a.client.get('/api/v2/radar/assessments');
    expect([refused.status, errorsOf(refused)]).toEqual([403, ['Topic Radar is not enabled for this organization']]);
    expect((await a.client.get('/api/v2/radar/settings')).body.data).toEqual({ organization_id: a.user.organizationId, enabled: false, themes: [], can_edit: false });

    // A second conversation shares three tariff posts and adds one of its own.
    const extra = await writePosts(t, a.user.organizationId, [post('Customs brokers are swamped as new tariff schedules kick in.', 1)]);
    const second = await createConversation(a.client, 'Tariffs again');
    const run2 = await addRun(t, a.user.organizationId, second, [...a.ids.slice(0, 3), ...extra]);
    await runStage(t, 'radar.themes', a.user.organizationId, second, run2);

    await enableThemes(t, a.user.organizationId, ['TARIFF', 'BOYCOTT', 'NOT_A_THEME']);
    expect((await a.client.get('/api/v2/radar/settings')).body.data).toMatchObject({ enabled: true, themes: ['BOYCOTT', 'TARIFF'] });
    const home = await a.client.get('/api/v2/radar/assessments?date_range=LAST_WEEK');
    expect(home.status, home.text).toBe(200);
    const data = home.body.data as Assessments;
    expect(data.conversation_id).toBeNull();
    expect(data.themes.map((x) => x.theme_name)).toEqual(['BOYCOTT', 'TARIFF']);
    expect([data.total_posts_date_range, theme(data, 'TARIFF').volume_raw_date_range, theme(data, 'TARIFF').volume_raw]).toEqual([13, 7, 5]);

    // A deleted conversation leaves the home view.
    expect((await a.client.delete(`/api/v2/conversations/${second}`)).status).toBe(200);
    const after = (await a.client.get('/api/v2/radar/assessments')).body.data as Assessments;
    expect(theme(after, 'TARIFF').volume_raw_date_range).toBe(6);
  });

  it("an organisation admin enables Topic Radar through core's organisation call; an analyst may not", async () => {
    const adminUser = await t.createUser('Radar Admin Org', { admin: true });
    const admin = new ApiClient(t.url);
    await admin.login(adminUser.email, adminUser.password);
    expect((await admin.get('/api/v2/radar/settings')).body.data).toEqual({ organization_id: adminUser.organizationId, enabled: false, themes: [], can_edit: true });
    const put = await admin.put(`/api/v2/organization/${adminUser.organizationId}`, { themes: ['TARIFF', 'DEI'] });
    expect(put.status, put.text).toBe(200);
    expect((await admin.get('/api/v2/radar/settings')).body.data).toMatchObject({ enabled: true, themes: ['DEI', 'TARIFF'] });
    const analyst = await signIn(t, 'Radar Admin Org');
    expect((await analyst.client.get('/api/v2/radar/settings')).body.data).toMatchObject({ enabled: true, can_edit: false });
    expect((await analyst.client.put(`/api/v2/organization/${adminUser.organizationId}`, { themes: [] })).status).toBe(403);
    expect((await analyst.client.get('/api/v2/radar/settings')).body.data.themes).toEqual(['DEI', 'TARIFF']);
  });

  it('keeps organisations apart', async () => {
    const a = await orgWithConversation('Radar Iso A');
    const b = await signIn(t, 'Radar Iso B');
    await enableThemes(t, b.user.organizationId, ['TARIFF']);
    for (const path of [`/api/v2/radar/assessments?conversation_id=${a.conversationId}`, `/api/v2/radar/notices?conversation_id=${a.conversationId}`]) {
      const res = await b.client.get(path);
      expect([res.status, errorsOf(res)], path).toEqual([404, ['Conversation not found']]);
    }
    const home = (await b.client.get('/api/v2/radar/assessments')).body.data as Assessments;
    expect([home.total_posts_date_range, theme(home, 'TARIFF').volume_raw_date_range, theme(home, 'TARIFF').representative_posts]).toEqual([0, 0, []]);
    // The nrms_theme filter of A's raw data is A's alone: B cannot read it.
    expect((await b.client.get(`/api/v2/conversations/${a.conversationId}/raw_data?nrms_theme=TARIFF`)).status).toBe(404);
  });

  it('nrms_theme filters the raw data and is counted in filter_counts', async () => {
    const a = await orgWithConversation('Radar Filter Org');
    const raw = await a.client.get(`/api/v2/conversations/${a.conversationId}/raw_data?nrms_theme=BOYCOTT&limit=50`);
    expect(raw.status, raw.text).toBe(200);
    const rows = raw.body.data as Array<{ body: string; nrms_theme: string }>;
    expect(rows.map((r) => r.body).sort()).toEqual(CORPUS.slice(6, 9).map((p) => p.body).sort());
    expect(rows.every((r) => r.nrms_theme === 'BOYCOTT')).toBe(true);
    const refused = await a.client.get(`/api/v2/conversations/${a.conversationId}/raw_data?nrms_theme=WEATHER`);
    expect(refused.status).toBe(400);
    const counts = await a.client.get(`/api/v2/conversations/${a.conversationId}/filter_counts`);
    expect(counts.status, counts.text).toBe(200);
    expect(JSON.stringify(counts.body.data)).toContain('nrms_theme');
  });

  it('marks a theme emerging when its share bursts at the end, with the evidence; the metric service says the same', async () => {
    const a = await signIn(t, 'Radar Burst Org');
    // Ten quiet days: four posts an hour, a tariff post every fourth hour; then eight hours of mostly tariff posts.
    const posts = [];
    for (let h = 248; h >= 8; h -= 1) {
      for (let k = 0; k < 4; k += 1) posts.push(post(k === 0 && h % 4 === 0 ? `Port volumes fall as tariffs bite, day ${h}.` : `Weekend plans ${h}-${k}: hiking or the beach?`, h + k / 10));
    }
    for (let h = 7; h >= 0; h -= 1) {
      for (let k = 0; k < 6; k += 1) posts.push(post(k < 4 ? `New tariffs announced, hour ${h} post ${k}.` : `Lunch ideas ${h}-${k}?`, h + k / 10));
    }
    const ids = await writePosts(t, a.user.organizationId, posts);
    const conversationId = await createConversation(a.client, 'Burst');
    const runId = await addRun(t, a.user.organizationId, conversationId, ids);
    await runStage(t, 'radar.themes', a.user.organizationId, conversationId, runId);
    const data = (await a.client.get(`/api/v2/radar/assessments?conversation_id=${conversationId}`)).body.data as Assessments;
    const tariff = theme(data, 'TARIFF');
    expect(tariff.emerging).not.toBeNull();
    expect(tariff.emerging!.since >= hoursAgo(9) && tariff.emerging!.since <= hoursAgo(6)).toBe(true);
    expect(tariff.emerging!.baseline_per_hour).toBeLessThan(0.5);
    expect(tariff.emerging!.current_per_hour).toBeGreaterThan(2);
    expect(tariff.emerging!.first_post_ids).toHaveLength(3);
    expect(data.themes.filter((x) => x.emerging !== null).map((x) => x.theme_name)).toEqual(['TARIFF']);
    const { themeMetricsKey } = await import('@plugins/radar/shared/public');
    const volumes = await t.server.ctx.services.get(themeMetricsKey).volumes(a.user.organizationId, conversationId);
    expect(volumes.find((v) => v.theme === 'TARIFF')!.emerging).toEqual(tariff.emerging);
  });

  it('notices count the threats of the latest run; state media and government come from the domain list', async () => {
    const a = await signIn(t, 'Radar Notices Org');
    const ids = await writePosts(t, a.user.organizationId, [
      post('I am going to shoot the senator the next time I see them in Ohio.', 1),
      post('Tariffs on steel start Monday.', 2),
    ]);
    const conversationId = await createConversation(a.client, 'Notices');
    const runId = await addRun(t, a.user.organizationId, conversationId, ids);
    await runStage(t, 'enrichment.nlp', a.user.organizationId, conversationId, runId);
    const res = await a.client.get(`/api/v2/radar/notices?conversation_id=${conversationId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ threat_count: 1, state_media_count: 0, government_count: 0 });
  });
});
