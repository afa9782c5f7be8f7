import { forbidden, HttpError } from '@core/server/http/errors';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { INSIGHT_MESSAGES, INSIGHT_REPAIR_PATH, repairAnswerSchema, repairSchema, type InsightChange } from '../../shared/api';
import { isReviewer } from '../../shared/review';
import { canEditInsights } from '@core/shared/access/permissions';
import { changesOf, propertiesOf, strippedUser } from '../model';
import { updateInsight } from '../store';
import { dbOf, type InsightRow } from '../tables';
import { auditInsight } from './common';

type Repairable = (typeof repairSchema)['_output']['type'];

/** The property's value after the repair: the old value renamed (or removed), a list kept without repeats. */
function repaired(value: unknown, oldValue: string, newValue: string | undefined): unknown {
  if (Array.isArray(value)) {
    const next = (value as string[]).flatMap((v) => (v === oldValue ? (newValue === undefined ? [] : [newValue]) : [v]));
    return [...new Set(next)];
  }
  return value === oldValue ? (newValue ?? null) : value;
}

/** The row with the repair applied and recorded, or null when the insight does not hold the value. */
function repairRow(row: InsightRow, type: Repairable, oldValue: string, newValue: string | undefined, by: InsightChange['by'], at: string): InsightRow | null {
  const properties = propertiesOf(row) as unknown as Record<string, unknown>;
  const before = properties[type] ?? null;
  const after = repaired(before, oldValue, newValue);
  if (JSON.stringify(before) === JSON.stringify(after)) return null;
  const status = row.status as InsightChange['to_status'];
  const change: InsightChange = { at, by, action: 'repair', from_status: status, to_status: status, fields: { [type]: { from: before, to: after } } };
  return {
    ...row, additional_properties: JSON.stringify({ ...properties, [type]: after }),
    changes: JSON.stringify([...changesOf(row), change]), updated_at: at,
  };
}

export function registerRepairRoutes(r: RouteRegistrar): void {
  r.patch(INSIGHT_REPAIR_PATH, {
    summary: "Rename (newValue) or remove (no newValue) one value of one property across the organisation's insights",
    description: 'Senior analysts and global admins. Deleted insights are left as they are; each repaired insight keeps its status and records a repair change. Answers how many insights changed.',
    body: repairSchema, response: repairAnswerSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    if (!canEditInsights(user) || !isReviewer(user)) throw forbidden(INSIGHT_MESSAGES.repairNotAllowed);
    const { type, oldValue, newValue } = ctx.body;
    const db = dbOf(ctx.app.storage);
    const at = new Date().toISOString();
    const by = strippedUser(user);
    const ids = await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('insights_insights').selectAll()
        .where('organization_id', '=', user.organization_id).where('status', '<>', 'deleted')
        .where('id', 'in', trx.selectFrom('insights_values').select('insight_id')
          .where('organization_id', '=', user.organization_id).where('property', '=', type).where('value', '=', oldValue))
        .orderBy('id').execute();
      const changed: string[] = [];
      for (const row of rows) {
        const next = repairRow(row, type, oldValue, newValue, by, at);
        if (!next) continue;
        if (!(await updateInsight(trx, next))) throw new HttpError(409, INSIGHT_MESSAGES.changedMeanwhile);
        changed.push(row.id);
      }
      await auditInsight(trx, ctx.request, user, 'insights_repaired', { type, old_value: oldValue, new_value: newValue ?? null, repaired: changed.length, insight_ids: changed });
      return changed;
    });
    return { repaired: ids.length };
  });
}
