import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import {
  ANNA, BORIS, CARL, CORPUS, DANA, STORY, STORY_2, WIRE, accountInsight, at, conversationWithRun, domainInsight, errorsOf, insightIn, q,
  signIn, startServer, writePosts,
} from './support';

/**
 * urls-shared, domains-shared, url-node-users-info, domain-details and co-urls over the post scope: values, accounts,
 * dates, every filter and exclude_twitter, the exact answers to bad input.
 */
let t: TestServer;
let analyst: ApiClient;
let senior: ApiClient;
let conversation: string;
let emptyConversation: string;

beforeAll(async () => {
  t = await startServer();
  const a = await signIn(t, 'Org U', 'Analyst');
  analyst = a.client;
  senior = (await signIn(t, 'Org U', 'Senior Analyst')).client;
  const ids = await writePosts(t, a.user.organizationId, CORPUS);
  conversation = (await conversationWithRun(t, analyst, a.user.organizationId, 'Links', [...ids.values()])).conversationId;
  const created = await analyst.post('/api/v2/conversations', {
    project_id: (await analyst.post('/api/v2/project', { name: 'Empty project' })).body.data.id, name: 'No run yet', query_string: 'x',
    threat_feed: false, start_date: '2026-02-01T00:00', end_date: '2026-04-01T00:00', language: 'en',
  });
  emptyConversation = created.body.data.id;
  // Boris has an approved insight (state media); Dana a pending one (not a fact); wire.org an approved domain insight.
  await insightIn(analyst, senior, accountInsight(BORIS as never, { subcategory: ['Russian State Media'], role: 'Media Outlet' }), 'approved');
  await insightIn(analyst, senior, accountInsight(DANA as never, { subcategory: ['Russian State Media'] }));
  await insightIn(analyst, senior, domainInsight('wire.org', { subcategory: ['Wire Service'] }), 'approved');
});
afterAll(async () => t?.close());

const get = async (path: string) => {
  const res = await analyst.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

describe('GET /api/v2/analysis/urls-shared', () => {
  it('answers url and value (posts sharing it), most shared first, with accounts and first and last share', async () => {
    expect(await get(`/api/v2/analysis/urls-shared?${q({ conversation_id: conversation })}`)).toEqual([
      { url: STORY, value: 3, domain: 'fresh-report.com', unique_users: 3, first_seen: at(1), last_seen: at(3) },
      { url: WIRE, value: 3, domain: 'wire.org', unique_users: 3, first_seen: at(2), last_seen: at(50) },
      { url: STORY_2, value: 2, domain: 'fresh-report.com', unique_users: 2, first_seen: at(5), last_seen: at(30) },
    ]);
  });

  it('url narrows to that URL; exclude_twitter drops the posts of X; filters narrow like every analysis', async () => {
    expect(await get(`/api/v2/analysis/urls-shared?${q({ conversation_id: conversation, url: STORY_2 })}`)).toEqual([
      expect.objectContaining({ url: STORY_2, value: 2 }),
    ]);
    const noX = await get(`/api/v2/analysis/urls-shared?${q({ conversation_id: conversation, exclude_twitter: true })}`);
    expect(noX.map((r: { url: string; value: number }) => [r.url, r.value])).toEqual([[STORY, 2], [STORY_2, 2], [WIRE, 2]]);
    const telegram = await get(`/api/v2/analysis/urls-shared?${q({ conversation_id: conversation, platforms: 'telegram:true' })}`);
    expect(telegram.map((r: { url: string; value: number }) => [r.url, r.value])).toEqual([[STORY_2, 2], [STORY, 1], [WIRE, 1]]);
    const range = await get(`/api/v2/analysis/urls-shared?${q({ conversation_id: conversation, start_range: at(4), end_range: at(40) })}`);
    expect(range.map((r: { url: string; value: number }) => [r.url, r.value])).toEqual([[STORY_2, 2], [WIRE, 1]]);
    const domain = await get(`/api/v2/analysis/urls-shared?${q({ conversation_id: conversation, domains: 'wire.org:true' })}`);
    // The posts linking wire.org, and every link of those posts.
    expect(domain.map((r: { url: string; value: number }) => [r.url, r.value])).toEqual([[WIRE, 3], [STORY, 1]]);
  });

  it("a link's filter (its domain, what a Shared URLs click sets) selects in the raw data table exactly the posts the tables counted", async () => {
    const links = await get(`/api/v2/analysis/urls-shared?${q({ conversation_id: conversation })}`) as Array<{ url: string; domain: string }>;
    const domains = await get(`/api/v2/analysis/domains-shared?${q({ conversation_id: conversation })}`) as Array<{ domain: string; value: number }>;
    for (const link of links) {
      const res = await analyst.get(`/api/v2/conversations/${conversation}/raw_data?${q({ limit: 100, domains: `${link.domain}:true` })}`);
      expect(res.status, res.text).toBe(200);
      const rids = (res.body.data as Array<{ rid: string }>).map((r) => r.rid).sort();
      expect([link.url, res.body.metadata.pagination_info.total]).toEqual([link.url, domains.find((d) => d.domain === link.domain)!.value]);
      expect(rids).toEqual(link.domain === 'wire.org' ? ['p2', 'p6', 'p7'] : ['p1', 'p2', 'p3', 'p4', 'p5']);
    }
  });

  it('a conversation without a run answers an empty list; unknown ids 404; bad parameters 400 with the message', async () => {
    expect(await get(`/api/v2/analysis/urls-shared?${q({ conversation_id: emptyConversation })}`)).toEqual([]);
    const unknown = await analyst.get(`/api/v2/analysis/urls-shared?${q({ conversation_id: '3f1c2a4e-8d9b-4c7e-9f00-000000000000' })}`);
    expect([unknown.status, errorsOf(unknown)]).toEqual([404, ['Conversation not found']]);
    const badFilter = await analyst.get(`/api/v2/analysis/urls-shared?${q({ conversation_id: conversation, is_repost: 'maybe' })}`);
    expect(badFilter.status).toBe(400);
    expect(errorsOf(badFilter)![0]).toContain('is_repost');
    const badFlag = await analyst.get(`/api/v2/analysis/urls-shared?${q({ conversation_id: conversation, exclude_twitter: 'yes' })}`);
    expect(badFlag.status).toBe(400);
  });
});

describe('GET /api/v2/analysis/domains-shared', () => {
  it('answers domain and value (posts linking it) with accounts, links, dates, no category and no registration yet', async () => {
    const rows = await get(`/api/v2/analysis/domains-shared?${q({ conversation_id: conversation })}`);
    expect(rows).toEqual([
      { domain: 'fresh-report.com', value: 5, unique_users: 4, unique_urls: 2, first_seen: at(1), last_seen: at(30), category: null, reg_created_at: null,
        signals: { days_registered_before_first_share: null, new_domain: false, share_velocity: 4.1, accounts_per_domain: 4 } },
      { domain: 'wire.org', value: 3, unique_users: 3, unique_urls: 1, first_seen: at(2), last_seen: at(50), category: null, reg_created_at: null,
        signals: { days_registered_before_first_share: null, new_domain: false, share_velocity: 1.5, accounts_per_domain: 3 } },
    ]);
  });

  it('exclude_twitter and filters narrow it', async () => {
    const noX = await get(`/api/v2/analysis/domains-shared?${q({ conversation_id: conversation, exclude_twitter: true })}`);
    expect(noX.map((r: { domain: string; value: number; unique_users: number }) => [r.domain, r.value, r.unique_users])).toEqual([['fresh-report.com', 4, 3], ['wire.org', 2, 2]]);
    const gab = await get(`/api/v2/analysis/domains-shared?${q({ conversation_id: conversation, platforms: 'gab:true' })}`);
    expect(gab.map((r: { domain: string; value: number }) => [r.domain, r.value])).toEqual([['fresh-report.com', 1], ['wire.org', 1]]);
  });
});

describe('GET /api/v2/analysis/url-node-users-info', () => {
  it('answers who shared the URL, one row per post, newest first', async () => {
    expect(await get(`/api/v2/analysis/url-node-users-info?${q({ conversation_id: conversation, url: STORY })}`)).toEqual([CARL, BORIS, ANNA].map((a, k) => ({
      post_date: at(3 - k), rid: a.rid, screen_name: a.screen_name, display_name: a.screen_name.toUpperCase(),
      avatar_url: `https://img.example.net/${a.rid}.png`, profile_url: a.url ?? null, platform: a.platform,
    })));
  });

  it('needs url', async () => {
    const res = await analyst.get(`/api/v2/analysis/url-node-users-info?${q({ conversation_id: conversation })}`);
    expect(res.status).toBe(400);
    expect(await get(`/api/v2/analysis/url-node-users-info?${q({ conversation_id: conversation, url: 'https://never.shared/' })}`)).toEqual([]);
  });
});

describe('GET /api/v2/analysis/domain-details/{domain}', () => {
  it('answers source, total_count, unique_users, first_seen, last_seen, URLs with posts by accounts with insights, timeline and risk', async () => {
    const details = await get(`/api/v2/analysis/domain-details/fresh-report.com?${q({ conversation_id: conversation })}`);
    expect(details).toEqual({
      source: 'fresh-report.com', total_count: 5, unique_users: 4, first_seen: at(1), last_seen: at(30), category: null,
      // Boris's approved insight counts; Dana's pending one does not.
      urls: [{ url: STORY, value: 3, posts_with_insights: 1 }, { url: STORY_2, value: 2, posts_with_insights: 1 }],
      timeline: [{ date: '2026-03-10', value: 4 }, { date: '2026-03-11', value: 1 }],
      registration: null,
      detected_risk: [{ risk_category: 'State Associated - Russia', number_accounts: 1, number_domains: 0 }],
      signals: { days_registered_before_first_share: null, new_domain: false, share_velocity: 4.1, accounts_per_domain: 4 },
    });
    expect(details).not.toHaveProperty('history');
  });

  it('a subdomain answers for its registrable domain; the domain insight counts as a domain in detected risk', async () => {
    const details = await get(`/api/v2/analysis/domain-details/News.Wire.org?${q({ conversation_id: conversation })}`);
    expect(details).toMatchObject({ source: 'wire.org', total_count: 3, unique_users: 3 });
    expect(details.detected_risk).toEqual([
      { risk_category: 'State Associated - Russia', number_accounts: 1, number_domains: 0 },
      { risk_category: 'Mainstream', number_accounts: 0, number_domains: 1 },
    ]);
  });

  it('maxResults limits the URLs; history=true adds an (empty) history; filters narrow; bad domain 400', async () => {
    const one = await get(`/api/v2/analysis/domain-details/fresh-report.com?${q({ conversation_id: conversation, maxResults: 1, history: true })}`);
    expect(one.urls).toEqual([{ url: STORY, value: 3, posts_with_insights: 1 }]);
    expect(one.history).toEqual([]);
    const gab = await get(`/api/v2/analysis/domain-details/fresh-report.com?${q({ conversation_id: conversation, platforms: 'gab:true' })}`);
    expect(gab).toMatchObject({ total_count: 1, unique_users: 1, urls: [{ url: STORY, value: 1, posts_with_insights: 0 }], detected_risk: [] });
    const bad = await analyst.get(`/api/v2/analysis/domain-details/localhost?${q({ conversation_id: conversation })}`);
    expect([bad.status, errorsOf(bad)]).toEqual([400, ['a fully-qualified domain name, including TLD, must be provided.']]);
    const zero = await analyst.get(`/api/v2/analysis/domain-details/fresh-report.com?${q({ conversation_id: conversation, maxResults: 0 })}`);
    expect(zero.status).toBe(400);
  });
});

describe('GET /api/v2/analysis/co-urls', () => {
  it('answers the links several accounts shared, with their domain, the accounts and what else each shared', async () => {
    const rows = await get(`/api/v2/analysis/co-urls?${q({ conversation_id: conversation })}`);
    expect(rows.map((r: { url: string; domain: string }) => [r.url, r.domain])).toEqual([[STORY, 'fresh-report.com'], [WIRE, 'wire.org'], [STORY_2, 'fresh-report.com']]);
    expect(rows[0]).toEqual({
      url: STORY, domain: 'fresh-report.com', creator_ids: ['tw-1', 'tg-2', 'gb-3'], names: ['anna', 'boris_news', 'carl'], platforms: ['twitter', 'telegram', 'gab'], share_count: 3,
      extra: [{ urls: [WIRE], post_dates: [at(1)] }, { urls: [STORY_2, WIRE].sort(), post_dates: [at(2)] }, { urls: [WIRE], post_dates: [at(3)] }],
    });
  });
});
