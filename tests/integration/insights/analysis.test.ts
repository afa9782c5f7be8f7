import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { keyAccountsSchema, type Insight } from '@plugins/insights/shared/api';
import { insightLookupKey } from '@plugins/insights/shared/public';
import { createInsightLookup } from '@plugins/insights/server/lookup';
import { runWith } from '../alerts/support';
import {
  addRun, ALICE, accountInsight, conversationWithRun, CORPUS_A, domainInsight, errorsOf, GABBER, insightIn, signIn, startServer, writePosts,
} from './support';

/**
 * What insights do to the analyses: the seven insight_* filters (approved insights only, on a post's author and on
 * the domains it links), the posts' insights_count, the conversation's insights, the conversations of an insight,
 * the key accounts and the actor details of the profile popup. Corpus and insights:
 *
 * - Alice (twitter, 4 posts): approved by platform id; a deleted one besides.
 * - Bob (twitter, 3 posts): rejected, found by handle in another case.
 * - the telegram channel (2 posts): approved by profile link (`http://www.t.me/newsroom` = `https://t.me/newsroom/`).
 * - gabber (2 posts): pending.
 * - news.example.com: approved; a1 links it, g1 a subdomain, b2 only notnews.example.com.
 */
let t: TestServer;
let analyst: ApiClient;
let senior: ApiClient;
let owner: ApiClient;
let org: string;
let ids: Map<string, number>;
let conversation: string;
const insight = {} as Record<'alice' | 'aliceDeleted' | 'bob' | 'channel' | 'gabber' | 'news' | 'stranger' | 'elsewhere', string>;

const ALL = {
  subcategory: ['Russian State Media'], country_of_origin: 'Russia', operating_country: 'Latvia', state_association: 'Russia',
  role: 'Media Outlet', language: ['Russian', 'English'], region: 'Europe',
};

beforeAll(async () => {
  t = await startServer();
  ({ client: analyst, user: { organizationId: org } } = await signIn(t, 'Analysis Org', 'Analyst'));
  senior = (await signIn(t, 'Analysis Org', 'Senior Analyst')).client;
  const admin = await t.createUser('Analysis Org', { roles: ['Senior Analyst'], admin: true });
  owner = new ApiClient(t.url);
  await owner.login(admin.email, admin.password);
  ids = await writePosts(t, org, CORPUS_A);
  conversation = (await conversationWithRun(t, owner, org, 'Harbour watch', [...ids.values()])).conversationId;
  insight.alice = await insightIn(analyst, senior, accountInsight(ALICE, ALL), 'approved');
  insight.aliceDeleted = await insightIn(analyst, senior, accountInsight(ALICE, { subcategory: ['Other'], role: 'Other' }), 'deleted');
  insight.bob = await insightIn(analyst, senior, { analyzable_type: 'account', platform: 'twitter', screen_name: 'BOB_B', additional_properties: { subcategory: ['Wire Service'], country_of_origin: 'France' } }, 'rejected');
  insight.channel = await insightIn(analyst, senior, { analyzable_type: 'account', platform: 'telegram', link: 'http://www.t.me/newsroom', additional_properties: { subcategory: ['Market News'], region: 'Europe' } }, 'approved');
  insight.gabber = await insightIn(analyst, senior, accountInsight(GABBER, { subcategory: ['Extremist Group'] }));
  insight.news = await insightIn(analyst, senior, domainInsight('news.example.com', { subcategory: ['Conspiracy Outlet'], country_of_origin: 'United States' }), 'approved');
  // Insights on what the conversation does not hold.
  insight.stranger = await insightIn(analyst, senior, accountInsight({ platform: 'twitter', rid: 'tw-999', screen_name: 'x' }), 'approved');
  insight.elsewhere = await insightIn(analyst, senior, domainInsight('elsewhere.org', { role: 'Other' }), 'approved');
});
afterAll(async () => t?.close());

const counts = async (query = '') => (await analyst.get(`/api/v2/conversations/${conversation}/filter_counts${query}`)).body.data;
const rows = async (query: string) => {
  const res = await analyst.get(`/api/v2/conversations/${conversation}/raw_data?limit=100&${query}`);
  expect(res.status, res.text).toBe(200);
  return { total: res.body.metadata.pagination_info.total as number, rids: (res.body.data as Array<{ rid: string }>).map((r) => r.rid).sort(), data: res.body.data as Array<{ rid: string; insights_count: number }> };
};

describe('the insight_* filter dimensions', () => {
  it('count the approved insights\' values only: pending, rejected and deleted ones are absent', async () => {
    const c = await counts();
    expect(c.total).toBe(11);
    expect(c.insight_subcategory).toEqual({ 'Russian State Media': 4, 'Market News': 2, 'Conspiracy Outlet': 2 });
    expect(c.insight_country_of_origin).toEqual({ Russia: 4, 'United States': 2 });
    expect(c.insight_operating_country).toEqual({ Latvia: 4 });
    expect(c.insight_state_association).toEqual({ Russia: 4 });
    expect(c.insight_role).toEqual({ 'Media Outlet': 4 });
    expect(c.insight_language).toEqual({ Russian: 4, English: 4 });
    expect(c.insight_region).toEqual({ Europe: 6 });
  });

  it('narrow raw_data and filter_counts to the posts of the approved insight (author, domain and subdomains)', async () => {
    expect((await rows('insight_subcategories=Conspiracy%20Outlet:true')).rids).toEqual(['a1', 'g1']);
    expect((await rows('insight_subcategories=Market%20News:true')).rids).toEqual(['c1', 'c2']);
    expect((await rows('insight_subcategories=Russian%20State%20Media:false')).total).toBe(7);
    expect((await counts('?insight_subcategories=Conspiracy%20Outlet:true')).total).toBe(2);
    expect((await rows('insight_regions=Europe:true&insight_languages=English:true')).rids).toEqual(['a1', 'a2', 'a3', 'a4']);
    // A rejected insight's value selects nothing.
    expect((await rows('insight_subcategories=Wire%20Service:true')).total).toBe(0);
    expect((await rows('insight_countries_of_origin=France:true')).total).toBe(0);
    expect((await rows('insight_subcategories=Extremist%20Group:true')).total).toBe(0);
  });

  it('give every raw data row insights_count: approved insights on its author and its domains', async () => {
    const all = (await rows('')).data;
    const count = Object.fromEntries(all.map((r) => [r.rid, r.insights_count]));
    expect(count).toEqual({ a1: 2, a2: 1, a3: 1, a4: 1, b1: 0, b2: 0, b3: 0, c1: 1, c2: 1, g1: 1, g2: 0 });
  });

  it('follow a review at once: approving the pending insight adds its values, deleting it takes them away', async () => {
    await senior.patch('/api/v2/insights', { id: insight.gabber, status: 'approved' });
    expect((await counts()).insight_subcategory['Extremist Group']).toBe(2);
    expect((await rows('insight_subcategories=Extremist%20Group:true')).rids).toEqual(['g1', 'g2']);
    await senior.patch('/api/v2/insights', { id: insight.gabber, status: 'deleted' });
    expect((await counts()).insight_subcategory['Extremist Group']).toBeUndefined();
    expect((await rows('insight_subcategories=Extremist%20Group:true')).total).toBe(0);
  });
});

describe('GET /api/v2/conversations/{id}/insights', () => {
  it('answers the live insights on the accounts and domains of the latest run, newest edit first', async () => {
    const res = await analyst.get(`/api/v2/conversations/${conversation}/insights`);
    expect(res.status, res.text).toBe(200);
    const listed = res.body.data as Insight[];
    expect(listed.map((i) => i.id).sort()).toEqual([insight.alice, insight.bob, insight.channel, insight.news].sort());
    const edited = listed.map((i) => i.additional_properties.edited_at);
    expect([...edited].sort().reverse()).toEqual(edited);
  });

  it('answers 404 Conversation not found for an unknown conversation', async () => {
    const res = await analyst.get('/api/v2/conversations/00000000-0000-4000-8000-000000000000/insights');
    expect(res.status).toBe(404);
    expect(errorsOf(res)).toEqual(['Conversation not found']);
  });
});

describe('GET /api/v2/insights/conversations', () => {
  it("lists the live conversations whose latest run holds the insight's account or domain, with names", async () => {
    // Bob's posts only; one whose older run held Alice but the latest does not; one deleted.
    const bobOnly = await conversationWithRun(t, owner, org, 'Bob only', ['b1', 'b2', 'b3'].map((r) => ids.get(r)!));
    const moved = await conversationWithRun(t, owner, org, 'Moved on', [ids.get('a1')!]);
    await addRun(t, org, moved.conversationId, [ids.get('c1')!]);
    await addRun(t, org, moved.conversationId, [ids.get('a2')!], 'FAILED');
    const gone = await conversationWithRun(t, owner, org, 'Gone', [ids.get('a2')!]);
    expect((await owner.delete(`/api/v2/conversations/${gone.conversationId}`)).status).toBe(200);
    const of = async (id: string) => {
      const res = await analyst.get(`/api/v2/insights/conversations?id=${id}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data as Array<Record<string, string>>;
    };
    const alice = await of(insight.alice);
    expect(alice).toEqual([{
      organization_id: org, organization_name: 'Analysis Org', project_id: expect.any(String), project_name: 'Project of Harbour watch',
      conversation_id: conversation, conversation_name: 'Harbour watch',
    }]);
    expect((await of(insight.bob)).map((c) => c.conversation_name)).toEqual(['Bob only', 'Harbour watch']);
    expect((await of(insight.channel)).map((c) => c.conversation_name)).toEqual(['Harbour watch', 'Moved on']);
    expect((await of(insight.news)).map((c) => c.conversation_name)).toEqual(['Harbour watch']);
    expect(await of(insight.elsewhere)).toEqual([]);
    expect(bobOnly.projectName).toBe('Project of Bob only');
  });

  it('answers 404 Insight not found for a deleted or unknown insight', async () => {
    for (const id of [insight.aliceDeleted, '00000000-0000-4000-8000-000000000000']) {
      const res = await analyst.get(`/api/v2/insights/conversations?id=${id}`);
      expect(res.status).toBe(404);
      expect(errorsOf(res)).toEqual(['Insight not found']);
    }
  });
});

describe('GET /api/v2/insights/key_accounts', () => {
  it('answers the accounts with approved insights, by their posts under the filters, most first', async () => {
    const get = async (q = '') => {
      const res = await analyst.get(`/api/v2/insights/key_accounts?conversation_id=${conversation}${q}`);
      expect(res.status, res.text).toBe(200);
      return keyAccountsSchema.parse(res.body.data);
    };
    const all = await get();
    expect(all.map((a) => [a.rid, a.value, a.insights_count])).toEqual([['tw-100', 4, 1], ['tg-300', 2, 1]]);
    expect(all[0]).toEqual({
      rid: 'tw-100', screen_name: 'Alice_Example', display_name: 'Alice_Example', url: 'https://x.com/Alice_Example', user_id: 'u-100',
      post_class: 'TwitterPost', actor_class: 'TwitterUser', value: 4, platform: 'twitter', insights_count: 1,
    });
    expect((await get('&top_n=1')).map((a) => a.rid)).toEqual(['tw-100']);
    expect((await get('&platforms=telegram:true')).map((a) => a.rid)).toEqual(['tg-300']);
    expect((await get('&insight_subcategories=Conspiracy%20Outlet:true')).map((a) => [a.rid, a.value])).toEqual([['tw-100', 1]]);
    const bad = await analyst.get(`/api/v2/insights/key_accounts?conversation_id=${conversation}&is_reply=maybe`);
    expect(bad.status).toBe(400);
  });
});

describe('actor details (the profile popup)', () => {
  it("carry the account's approved insights, and none for an account without", async () => {
    const alice = await analyst.get(`/api/v2/accounts/tw-100/details?conversation_id=${conversation}`);
    expect(alice.status, alice.text).toBe(200);
    expect((alice.body.data.insights as Insight[]).map((i) => i.id)).toEqual([insight.alice]);
    expect(alice.body.data.insights[0].additional_properties.subcategory).toEqual(['Russian State Media']);
    const channel = await analyst.get(`/api/v2/accounts/tg-300/details?conversation_id=${conversation}`);
    expect((channel.body.data.insights as Insight[]).map((i) => i.id)).toEqual([insight.channel]);
    const bob = await analyst.get(`/api/v2/accounts/tw-200/details?conversation_id=${conversation}`);
    expect(bob.body.data.insights).toEqual([]);
    const list = await analyst.get(`/api/v2/accounts/details_list?conversation_id=${conversation}&account_ids=${encodeURIComponent(JSON.stringify(['tg-300', 'tw-100', 'tw-200']))}`);
    expect(list.status, list.text).toBe(200);
    expect((list.body.data as Array<{ rid: string; insights: Insight[] }>).map((a) => [a.rid, a.insights.map((i) => i.id)]))
      .toEqual([['tg-300', [insight.channel]], ['tw-100', [insight.alice]], ['tw-200', []]]);
  });
});

describe('the insights.lookup service other plugins read', () => {
  it('answers approved insights by account (any of its keys) and by domain (the name or a parent of it)', async () => {
    const lookup = t.server.ctx.services.get(insightLookupKey);
    const accounts = await lookup.approvedForAccounts(org, [
      { platform: 'twitter', rid: 'someone-else', screen_name: null, user_id: null, url: 'HTTPS://X.com/alice_example/' },
      { platform: 'telegram', rid: 'tg-300', screen_name: 'newsroom', user_id: null, url: null },
      { platform: 'twitter', rid: 'tw-200', screen_name: 'bob_b', user_id: null, url: null },
      { platform: 'gab', rid: 'tw-100', screen_name: null, user_id: null, url: null },
    ]);
    // Alice's approved insight names her by platform id only: a profile link alone does not find it.
    expect([...accounts.keys()]).toEqual([]);
    const byRid = await lookup.approvedForAccounts(org, [{ platform: 'twitter', rid: 'tw-100', screen_name: null, user_id: null, url: null }]);
    expect(byRid.get('twitter:tw-100')!.map((i) => i.id)).toEqual([insight.alice]);
    const byLink = await lookup.approvedForAccounts(org, [{ platform: 'telegram', rid: 'other', screen_name: null, user_id: null, url: 'https://t.me/newsroom' }]);
    expect(byLink.get('telegram:other')!.map((i) => i.id)).toEqual([insight.channel]);
    const domains = await lookup.approvedForDomains(org, ['sub.news.example.com', 'NEWS.example.com', 'notnews.example.com', 'example.com']);
    expect([...domains].map(([d, list]) => [d, list.map((i) => i.id)])).toEqual([['sub.news.example.com', [insight.news]], ['news.example.com', [insight.news]]]);
    expect((await lookup.approvedForDomains('another-org', ['news.example.com'])).size).toBe(0);
  });
});

describe('the account matcher a pipeline stage reads many batches of accounts through', () => {
  const accounts = [
    { platform: 'twitter', rid: 'tw-100', screen_name: null, user_id: null, url: null },
    { platform: 'telegram', rid: 'other', screen_name: null, user_id: null, url: 'https://t.me/newsroom' },
    { platform: 'twitter', rid: 'someone-else', screen_name: null, user_id: null, url: 'HTTPS://X.com/alice_example/' },
    { platform: 'twitter', rid: 'tw-200', screen_name: 'bob_b', user_id: null, url: null },
    { platform: 'twitter', rid: 'tw-999', screen_name: 'x', user_id: null, url: null },
  ];
  const insightIds = (answer: Map<string, Insight[]>) => [...answer].map(([k, list]) => [k, list.map((i) => i.id)]).sort();

  it('answers as approvedForAccounts, from memory and (over its key limit) by asking per batch', async () => {
    const lookup = t.server.ctx.services.get(insightLookupKey);
    const expected = [['telegram:other', [insight.channel]], ['twitter:tw-100', [insight.alice]], ['twitter:tw-999', [insight.stranger]]];
    expect(insightIds(await lookup.approvedForAccounts(org, accounts))).toEqual(expected);
    const inMemory = await lookup.accountMatcher(org);
    expect(inMemory.matchesNothing).toBe(false);
    expect(insightIds(await inMemory.approvedForAccounts(accounts))).toEqual(expected);
    const asking = await createInsightLookup(t.storage, { matcherMaxKeys: 1 }).accountMatcher(org);
    expect(insightIds(await asking.approvedForAccounts(accounts))).toEqual(expected);
    const stranger = await lookup.accountMatcher('another-org');
    expect(stranger.matchesNothing).toBe(true);
    expect((await stranger.approvedForAccounts(accounts)).size).toBe(0);
  });

  it("lets the alerts metrics stage count each post under its author's approved risk category", async () => {
    await runWith(t, org, conversation, [...ids.values()], 'STATIC_RUN');
    const grouped = await analyst.get(`/api/v2/conversations/${conversation}/metrics?group_by=risk_category`);
    expect(grouped.status, grouped.text).toBe(200);
    // Alice (approved: Russian State Media) 4 posts, the channel (approved: Market News) 2, Bob (rejected) and gabber (pending) 5.
    expect(grouped.body.data.series.map((s: { key: string; points: Array<{ value: number }> }) => [s.key, s.points.at(-1)!.value]))
      .toEqual([['Default', 5], ['Market Mover', 2], ['State Associated - Russia', 4]]);
    const risk = await analyst.get(`/api/v2/conversations/${conversation}/metrics?metric=risk_score&group_by=risk_category`);
    expect(risk.body.data.series.map((s: { key: string; points: Array<{ value: number }> }) => [s.key, s.points.at(-1)!.value]))
      .toEqual([['State Associated - Russia', 100]]); // the call leaves out series at 0 throughout
  });
});
