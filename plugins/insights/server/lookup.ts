import type { Storage } from '@core/server/storage/database';
import type { Insight } from '../shared/api';
import { accountKey, type AccountRef, type InsightLookup } from '../shared/service';
import { accountKeys, domainAndParents, hostUnder } from './matchKeys';
import { toInsight } from './model';
import { dbOf, type Db, type InsightRow, type MatchKind } from './tables';

/** Keys per statement. */
const CHUNK = 400;
/** The match kinds that name an account (the others name a domain). */
const ACCOUNT_KINDS: readonly MatchKind[] = ['rid', 'screen', 'user_id', 'url'];
/**
 * At most this many approved account keys are read into memory by `accountMatcher` (about 200 bytes each with their
 * insight rows shared); an organisation with more is asked per batch, as `approvedForAccounts` does.
 */
export const MATCHER_MAX_KEYS = 100_000;

type Found = { kind: string; platform: string; key: string; fqdn: string | null; row: InsightRow };

/** The approved insights of the organisation whose match keys are among `keys`, with the keys that found them. */
async function approvedByKeys(db: Db, organizationId: string, keys: readonly string[], kinds: readonly MatchKind[]): Promise<Found[]> {
  const found: Found[] = [];
  const unique = [...new Set(keys)];
  for (let k = 0; k < unique.length; k += CHUNK) {
    const rows = await db.selectFrom('insights_match_keys as k').innerJoin('insights_insights as i', 'i.id', 'k.insight_id')
      .selectAll('i').select(['k.kind', 'k.platform as key_platform', 'k.key', 'k.fqdn'])
      .where('k.organization_id', '=', organizationId).where('k.key', 'in', unique.slice(k, k + CHUNK)).where('k.kind', 'in', [...kinds])
      .where('i.organization_id', '=', organizationId).where('i.status', '=', 'approved')
      .execute();
    for (const { kind, key_platform: platform, key, fqdn, ...row } of rows) found.push({ kind, platform, key, fqdn, row: row as InsightRow });
  }
  return found;
}

const newestEditFirst = (a: Insight, b: Insight) => (a.additional_properties.edited_at < b.additional_properties.edited_at ? 1 : -1);

/**
 * `platform:rid` -> the approved insights on that account, from `find` (the approved insights whose account keys are
 * among the keys asked, with the key that found each): each account's keys are asked, and an insight found by any of
 * them is the account's.
 */
async function accountsAnswer(accounts: readonly AccountRef[], find: (keys: readonly string[]) => Promise<Found[]>): Promise<Map<string, Insight[]>> {
  const wanted = new Map<string, string[]>(); // `kind platform key` -> accounts (platform:rid)
  for (const account of accounts) {
    for (const k of accountKeys(account)) {
      const id = `${k.kind}\u0000${k.platform}\u0000${k.key}`;
      wanted.set(id, [...(wanted.get(id) ?? []), accountKey(account)]);
    }
  }
  if (wanted.size === 0) return new Map();
  const found = await find([...wanted.keys()].map((id) => id.split('\u0000')[2]!));
  const out = new Map<string, Map<string, Insight>>();
  for (const f of found) {
    for (const owner of wanted.get(`${f.kind}\u0000${f.platform}\u0000${f.key}`) ?? []) addInsight(out, owner, f.row);
  }
  return newestFirst(out);
}

function addInsight(out: Map<string, Map<string, Insight>>, owner: string, row: InsightRow): void {
  const mine = out.get(owner) ?? new Map<string, Insight>();
  mine.set(row.id, toInsight(row));
  out.set(owner, mine);
}

const newestFirst = (out: Map<string, Map<string, Insight>>) => new Map([...out].map(([k, v]) => [k, [...v.values()].sort(newestEditFirst)]));

/** accountsAnswer over keys held in memory (`byKey`: key -> the approved insights it names), without a query. */
function accountsInMemory(accounts: readonly AccountRef[], byKey: ReadonlyMap<string, Found[]>): Map<string, Insight[]> {
  if (byKey.size === 0) return new Map();
  const out = new Map<string, Map<string, Insight>>();
  for (const account of accounts) {
    for (const k of accountKeys(account)) {
      for (const f of byKey.get(k.key) ?? []) if (f.kind === k.kind && f.platform === k.platform) addInsight(out, accountKey(account), f.row);
    }
  }
  return newestFirst(out);
}

/** The `insights.lookup` service: approved insights by account or domain, matched as the insight_* filters match. */
export function createInsightLookup(storage: Storage, options: { matcherMaxKeys?: number } = {}): InsightLookup {
  const matcherMaxKeys = options.matcherMaxKeys ?? MATCHER_MAX_KEYS;
  const db = dbOf(storage);
  const byKeys = (organizationId: string) => (keys: readonly string[]) => approvedByKeys(db, organizationId, keys, ACCOUNT_KINDS);
  return {
    approvedForAccounts: (organizationId, accounts) => accountsAnswer(accounts, byKeys(organizationId)),

    async accountMatcher(organizationId) {
      const approvedKeys = () => db.selectFrom('insights_match_keys as k').innerJoin('insights_insights as i', 'i.id', 'k.insight_id')
        .where('k.organization_id', '=', organizationId).where('k.kind', 'in', [...ACCOUNT_KINDS])
        .where('i.organization_id', '=', organizationId).where('i.status', '=', 'approved');
      const counted = await approvedKeys().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      if (Number(counted?.n ?? 0) > matcherMaxKeys) return { matchesNothing: false, approvedForAccounts: (accounts) => accountsAnswer(accounts, byKeys(organizationId)) };
      const rows = await approvedKeys().selectAll('i').select(['k.kind', 'k.platform as key_platform', 'k.key', 'k.fqdn']).execute();
      const byKey = new Map<string, Found[]>();
      for (const { kind, key_platform: platform, key, fqdn, ...row } of rows) {
        const list = byKey.get(key) ?? [];
        list.push({ kind, platform, key, fqdn, row: row as InsightRow });
        byKey.set(key, list);
      }
      return { matchesNothing: byKey.size === 0, approvedForAccounts: async (accounts) => accountsInMemory(accounts, byKey) };
    },

    async approvedForDomains(organizationId, domains) {
      const names = [...new Set(domains.map((d) => d.toLowerCase()))];
      // A domain insight's FQDN is its analyzable_id: the names and their parents are looked up directly.
      const candidates = [...new Set(names.flatMap(domainAndParents))];
      const rows: InsightRow[] = [];
      for (let k = 0; k < candidates.length; k += CHUNK) {
        rows.push(...await db.selectFrom('insights_insights').selectAll()
          .where('organization_id', '=', organizationId).where('analyzable_type', '=', 'domain').where('status', '=', 'approved')
          .where('analyzable_id', 'in', candidates.slice(k, k + CHUNK)).execute());
      }
      const out = new Map<string, Insight[]>();
      for (const name of names) {
        const mine = rows.filter((r) => r.analyzable_id !== null && hostUnder(name, r.analyzable_id)).map(toInsight).sort(newestEditFirst);
        if (mine.length) out.set(name, mine);
      }
      return out;
    },
  };
}
