import type { Storage } from '@core/server/storage/database';
import type { Insight } from '../shared/api';
import { accountKey, type InsightLookup } from '../shared/service';
import { accountKeys, domainAndParents, hostUnder } from './matchKeys';
import { toInsight } from './model';
import { dbOf, type Db, type InsightRow, type MatchKind } from './tables';

/** Keys per statement. */
const CHUNK = 400;

/** The approved insights of the organisation whose match keys are among `keys`, with the keys that found them. */
async function approvedByKeys(db: Db, organizationId: string, keys: readonly string[], kinds: readonly MatchKind[]) {
  const found: Array<{ kind: string; platform: string; key: string; fqdn: string | null; row: InsightRow }> = [];
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

/** The `insights.lookup` service: approved insights by account or domain, matched as the insight_* filters match. */
export function createInsightLookup(storage: Storage): InsightLookup {
  const db = dbOf(storage);
  return {
    async approvedForAccounts(organizationId, accounts) {
      const wanted = new Map<string, string[]>(); // `kind platform key` -> accounts (platform:rid)
      for (const account of accounts) {
        for (const k of accountKeys(account)) {
          const id = `${k.kind}\u0000${k.platform}\u0000${k.key}`;
          wanted.set(id, [...(wanted.get(id) ?? []), accountKey(account)]);
        }
      }
      const found = await approvedByKeys(db, organizationId, [...wanted.keys()].map((id) => id.split('\u0000')[2]!), ['rid', 'screen', 'user_id', 'url']);
      const out = new Map<string, Map<string, Insight>>();
      for (const f of found) {
        for (const owner of wanted.get(`${f.kind}\u0000${f.platform}\u0000${f.key}`) ?? []) {
          const mine = out.get(owner) ?? new Map<string, Insight>();
          mine.set(f.row.id, toInsight(f.row));
          out.set(owner, mine);
        }
      }
      return new Map([...out].map(([k, v]) => [k, [...v.values()].sort(newestEditFirst)]));
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
