import type { Kysely } from 'kysely';
import { DIMENSION_PROPERTY } from '../shared/dimensions';
import { matchKeysOf } from './matchKeys';
import { propertiesOf } from './model';
import type { Db, InsightRow, InsightsTables } from './tables';

/**
 * Every write of an insight goes through here (routes, repair, import, demo), so its match keys and values always
 * follow it. Pass the transaction the write belongs to; the row's `organization_id` scopes everything.
 */
type Writer = Kysely<InsightsTables> | Db;

/** The properties the insight_* filters carry (DIMENSION_PROPERTY's values), once each. */
export const FILTER_PROPERTIES = [...new Set(Object.values(DIMENSION_PROPERTY))];

/** Replaces the insight's match keys and filter values with those of `row`. */
async function writeDerived(db: Kysely<InsightsTables>, row: InsightRow): Promise<void> {
  await db.deleteFrom('insights_match_keys').where('insight_id', '=', row.id).execute();
  await db.deleteFrom('insights_values').where('insight_id', '=', row.id).execute();
  const keys = matchKeysOf(row).map((k) => ({ ...k, insight_id: row.id, organization_id: row.organization_id }));
  if (keys.length) await db.insertInto('insights_match_keys').values(keys).execute();
  const properties = propertiesOf(row) as unknown as Record<string, string | string[] | null>;
  const values = FILTER_PROPERTIES.flatMap((property) => {
    const v = properties[property];
    const list = Array.isArray(v) ? v : v === null || v === undefined ? [] : [v];
    return [...new Set(list)].map((value) => ({ insight_id: row.id, organization_id: row.organization_id, property, value }));
  });
  if (values.length) await db.insertInto('insights_values').values(values).execute();
}

export async function insertInsight(db: Writer, row: InsightRow): Promise<void> {
  const w = db as Kysely<InsightsTables>;
  await w.insertInto('insights_insights').values(row).execute();
  await writeDerived(w, row);
}

/**
 * Stores `row` over the insight with its id in its organisation, if it is still at `row.version` (read before the
 * change was decided); its version goes up by one. False when another write came first: nothing is stored.
 */
export async function updateInsight(db: Writer, row: InsightRow): Promise<boolean> {
  const w = db as Kysely<InsightsTables>;
  const { id, organization_id: organizationId, version, ...rest } = row;
  const result = await w.updateTable('insights_insights').set({ ...rest, version: version + 1 })
    .where('id', '=', id).where('organization_id', '=', organizationId).where('version', '=', version).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await writeDerived(w, row);
  return true;
}

/** One insight of the organisation, or undefined (another organisation's id reads as unknown). */
export async function findInsight(db: Writer, organizationId: string, id: string): Promise<InsightRow | undefined> {
  return (db as Kysely<InsightsTables>).selectFrom('insights_insights').selectAll()
    .where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
}
