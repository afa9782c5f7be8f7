import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { domainAndParents, hostUnder, matchKeysOf, normaliseProfileUrl, profileUrlSql, registrableDomain, screenKey, screenSql } from '@plugins/insights/server/matchKeys';

/**
 * An insight's keys are computed in TypeScript when it is written; the posts' side is normalised in SQL when the
 * filters join them. Both must agree on the engine in use (SQLite, or PostgreSQL with NARRASCOPE_TEST_DATABASE_URL).
 */
let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins: [] }); });
afterAll(async () => t?.close());

const URLS = [
  'https://x.com/Alice', 'http://www.X.com/alice/', 'HTTPS://WWW.x.com/alice//', 'x.com/alice', 'https://t.me/newsroom/', 'www.t.me/newsroom',
  'https://linktr.ee/HubName42?utm_source=x', 'https://www.facebook.com/profile.php?id=100', 'https://vk.com/Иван', '/', '', 'https://',
];
const SCREENS = ['Alice_Example', '@alice_example', '  @@Bob ', 'Иван', 'ИВАН', '@', '   ', 'MiXeD.Case-99'];

describe('match keys agree in TypeScript and SQL', () => {
  it('normalises profile links alike', async () => {
    for (const url of URLS) {
      const row = (await sql<{ v: string | null }>`select ${profileUrlSql(sql`${url}`, t.storage.dialect)} as v`.execute(t.storage.db)).rows[0]!;
      expect(row.v || null, url).toBe(normaliseProfileUrl(url));
    }
    expect(normaliseProfileUrl('http://www.X.com/alice/')).toBe('x.com/alice');
    expect(normaliseProfileUrl('https://vk.com/Иван')).toBe('vk.com/Иван');
  });

  it('normalises screen names alike (ASCII letters folded, leading @ and spaces dropped)', async () => {
    for (const screen of SCREENS) {
      const row = (await sql<{ v: string | null }>`select ${screenSql(sql`${screen}`, t.storage.dialect)} as v`.execute(t.storage.db)).rows[0]!;
      expect(row.v || null, screen).toBe(screenKey(screen));
    }
    expect(screenKey('@Alice_Example')).toBe('alice_example');
  });

  it('keys an account by platform id, handle, user id and link, a domain by its registrable domain', () => {
    expect(matchKeysOf({ analyzable_type: 'account', analyzable_id: 'r1', platform: 'twitter', user_id: 'u1', screen_name: '@Al', link: 'https://x.com/Al/' }))
      .toEqual([
        { kind: 'rid', platform: 'twitter', key: 'r1', fqdn: null }, { kind: 'screen', platform: 'twitter', key: 'al', fqdn: null },
        { kind: 'user_id', platform: 'twitter', key: 'u1', fqdn: null }, { kind: 'url', platform: 'twitter', key: 'x.com/al', fqdn: null },
      ]);
    expect(matchKeysOf({ analyzable_type: 'account', analyzable_id: 'r1', platform: null, user_id: null, screen_name: null, link: null })).toEqual([]);
    expect(matchKeysOf({ analyzable_type: 'domain', analyzable_id: 'news.example.co.uk', platform: null, user_id: null, screen_name: null, link: null }))
      .toEqual([{ kind: 'domain', platform: '', key: 'example.co.uk', fqdn: 'news.example.co.uk' }]);
    expect(registrableDomain('co.uk')).toBe('co.uk');
    expect(domainAndParents('a.b.example.com')).toEqual(['a.b.example.com', 'b.example.com', 'example.com']);
    expect(hostUnder('sub.news.example.com', 'news.example.com')).toBe(true);
    expect(hostUnder('notnews.example.com', 'news.example.com')).toBe(false);
  });
});
