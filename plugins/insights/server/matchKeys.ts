import { sql, type RawBuilder } from 'kysely';
import { getDomain } from 'tldts';
import type { DialectName } from '@core/server/storage/database';
import type { AccountRef } from '../shared/service';
import type { MatchKeyRow } from './tables';

/**
 * How an insight meets the posts (the `insights_match_keys` rows of one insight) and the same normalisation on the
 * posts' side, in TypeScript (the lookup service) and in SQL (the facets). Both sides must agree: matchKeys.test.ts
 * runs the SQL against the TypeScript on both engines.
 */

/**
 * Case is folded for ASCII letters only, alike in TypeScript and on both engines: SQLite's built-in lower() folds
 * nothing else, so PostgreSQL's (which folds every script) is not used. `Ivan` matches `IVAN`; `Иван` only `Иван`.
 */
export const asciiLower = (value: string) => value.replace(/[A-Z]+/g, (c) => c.toLowerCase());

export function asciiLowerSql(value: RawBuilder<string | null>, dialect: DialectName): RawBuilder<string | null> {
  return dialect === 'sqlite' ? sql`lower(${value})` : sql`translate(${value}, ${sql.lit('ABCDEFGHIJKLMNOPQRSTUVWXYZ')}, ${sql.lit('abcdefghijklmnopqrstuvwxyz')})`;
}

/**
 * A profile link as compared: lower case, without `http(s)://` and a leading `www.`, without trailing slashes, so
 * `https://www.X.com/Someone/` and `x.com/someone` are one account. Null when nothing is left.
 */
export function normaliseProfileUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let value = asciiLower(url).replaceAll('https://', '').replaceAll('http://', '');
  if (value.startsWith('www.')) value = value.slice(4);
  value = value.replace(/\/+$/, '');
  return value || null;
}

/** normaliseProfileUrl in SQL over a text expression. */
export function profileUrlSql(url: RawBuilder<string | null>, dialect: DialectName): RawBuilder<string | null> {
  const bare = sql`replace(replace(${asciiLowerSql(url, dialect)}, 'https://', ''), 'http://', '')`;
  return sql<string | null>`rtrim(case when ${bare} like 'www.%' then substr(${bare}, 5) else ${bare} end, '/')`;
}

/** The account's own page as the post store knows it: the embedded profile URL, else the website of the profile. */
export const actorProfileSql = (alias: string) =>
  sql<string | null>`coalesce(${sql.ref(`${alias}.embedded_profile_url`)}, ${sql.ref(`${alias}.url`)})`;

/** The registrable domain of an FQDN (`news.example.co.uk` -> `example.co.uk`); the name itself for a public suffix. */
export const registrableDomain = (fqdn: string): string => getDomain(fqdn) ?? fqdn;

/** An FQDN and every parent domain with a dot in it (`a.b.example.com` -> itself, `b.example.com`, `example.com`). */
export function domainAndParents(fqdn: string): string[] {
  const labels = fqdn.split('.');
  const out: string[] = [];
  for (let k = 0; k < labels.length - 1; k += 1) out.push(labels.slice(k).join('.'));
  return out;
}

/** Whether a host is `fqdn` or one of its subdomains. */
export const hostUnder = (host: string, fqdn: string) => host === fqdn || host.endsWith(`.${fqdn}`);

export interface KeySource {
  analyzable_type: string;
  analyzable_id: string | null;
  platform: string | null;
  user_id: string | null;
  screen_name: string | null;
  link: string | null;
}

/** The screen name as compared: without leading @ and surrounding spaces, ASCII letters lower case. */
export const screenKey = (screen: string | null | undefined) => {
  const value = screen?.replace(/^ +| +$/g, '').replace(/^@+/, '');
  return value ? asciiLower(value) : null;
};

/** screenKey in SQL over a text expression. */
export const screenSql = (screen: RawBuilder<string | null>, dialect: DialectName) =>
  asciiLowerSql(sql`ltrim(trim(${screen}), '@')`, dialect);

/** The match keys of one insight (without ids). An account insight without a platform cannot match: none. */
export function matchKeysOf(insight: KeySource): Array<Pick<MatchKeyRow, 'kind' | 'platform' | 'key' | 'fqdn'>> {
  if (insight.analyzable_type === 'domain') {
    if (!insight.analyzable_id) return [];
    return [{ kind: 'domain', platform: '', key: registrableDomain(insight.analyzable_id), fqdn: insight.analyzable_id }];
  }
  const platform = insight.platform;
  if (!platform) return [];
  const keys: Array<Pick<MatchKeyRow, 'kind' | 'platform' | 'key' | 'fqdn'>> = [];
  const add = (kind: MatchKeyRow['kind'], key: string | null) => { if (key) keys.push({ kind, platform, key, fqdn: null }); };
  add('rid', insight.analyzable_id);
  add('screen', screenKey(insight.screen_name));
  add('user_id', insight.user_id);
  add('url', normaliseProfileUrl(insight.link));
  return keys;
}

/** The keys an account of the post store is found by (the other side of matchKeysOf). */
export function accountKeys(account: AccountRef): Array<{ kind: MatchKeyRow['kind']; platform: string; key: string }> {
  const keys: Array<{ kind: MatchKeyRow['kind']; platform: string; key: string }> = [{ kind: 'rid', platform: account.platform, key: account.rid }];
  const screen = screenKey(account.screen_name);
  if (screen) keys.push({ kind: 'screen', platform: account.platform, key: screen });
  if (account.user_id) keys.push({ kind: 'user_id', platform: account.platform, key: account.user_id });
  const url = normaliseProfileUrl(account.url);
  if (url) keys.push({ kind: 'url', platform: account.platform, key: url });
  return keys;
}
