import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { BORIS, CORPUS, accountInsight, conversationWithRun, domainInsight, insightIn, signIn, startServer, writePosts } from './support';

/**
 * The overview's top-domain chart (chart_data chart=top_domains, spec part 2 section 3 "Chart data": domain, platform,
 * insight_count): the domains most linked by each platform's posts, and insight_count the approved analyst insights on
 * the domain (not the posts linking it), of the caller's organisation only.
 */
let t: TestServer;
let analyst: ApiClient;
let conversation: string;

beforeAll(async () => {
  t = await startServer();
  const a = await signIn(t, 'Org Top', 'Analyst');
  analyst = a.client;
  const senior = (await signIn(t, 'Org Top', 'Senior Analyst')).client;
  const ids = await writePosts(t, a.user.organizationId, CORPUS);
  conversation = (await conversationWithRun(t, analyst, a.user.organizationId, 'Top domains', [...ids.values()])).conversationId;
  // wire.org: two approved domain insights and a pending one; an account insight on Boris is not a domain's.
  await insightIn(analyst, senior, domainInsight('wire.org', { subcategory: ['Wire Service'] }), 'approved');
  await insightIn(analyst, senior, domainInsight('wire.org', { subcategory: ['Government'] }), 'approved');
  await insightIn(analyst, senior, domainInsight('wire.org', { subcategory: ['Other'] }));
  await insightIn(analyst, senior, accountInsight(BORIS as never, { subcategory: ['Russian State Media'] }), 'approved');
  // Another organisation's approved insight on fresh-report.com is not ours.
  const other = await signIn(t, 'Org Elsewhere', 'Analyst');
  await insightIn(other.client, (await signIn(t, 'Org Elsewhere', 'Senior Analyst')).client, domainInsight('fresh-report.com'), 'approved');
});
afterAll(async () => t?.close());

const chart = async (params: string) => {
  const res = await analyst.get(`/api/v2/conversations/${conversation}/chart_data?chart=top_domains&${params}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data as Array<{ domain: string; platform: string; insight_count: number }>;
};

describe('chart_data top_domains insight_count', () => {
  it('counts the approved insights on each domain, not the posts linking it', async () => {
    // Telegram's most linked domain is fresh-report.com (3 posts), which has no insight of this organisation.
    expect(await chart('top_n=1&platforms=telegram:true')).toEqual([{ domain: 'fresh-report.com', platform: 'telegram', insight_count: 0 }]);
    const rows = await chart('top_n=2');
    expect(rows.map((r) => `${r.platform} ${r.domain} ${r.insight_count}`).sort()).toEqual([
      'gab fresh-report.com 0', 'gab wire.org 2', 'telegram fresh-report.com 0', 'telegram wire.org 2', 'twitter fresh-report.com 0', 'twitter wire.org 2',
    ]);
  });
});
