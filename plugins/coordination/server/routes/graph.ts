import { z } from 'zod';
import type { RouteRegistrar } from '@core/server/http/routes';
import { requireUser } from '@core/server/http/routes';
import { badRequest } from '@core/server/http/errors';
import { filterProblemMessage } from '@core/shared/filters';
import { conversationParamsSchema, coordinationGraphSchema, GRAPH_ACCOUNTS_DEFAULT, GRAPH_ACCOUNTS_MAX } from '../../shared/api';
import { clusterDataOf, clustersPassing, type ClusterRow } from './clusterData';
import { conversationView, dbOf, filtersOf } from './resolve';

/**
 * `max_accounts` worded like a malformed filter (`max_accounts: expected ... ("abc")`), the same query string
 * carries both. Read by hand rather than by zod so the message names the value as the filters' do.
 */
export function maxAccountsOf(raw: unknown): number {
  if (raw === undefined) return GRAPH_ACCOUNTS_DEFAULT;
  const text = Array.isArray(raw) ? raw.join(',') : String(raw);
  const n = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= GRAPH_ACCOUNTS_MAX)) {
    throw badRequest(filterProblemMessage({ param: 'max_accounts', reason: `expected an integer from 1 to ${GRAPH_ACCOUNTS_MAX}`, value: text }));
  }
  return n;
}

/** The largest clusters first, stopping before the one that would take the total past `maxAccounts`. */
function largestWithin(rows: readonly ClusterRow[], maxAccounts: number): ClusterRow[] {
  let total = 0;
  const shown: ClusterRow[] = [];
  for (const row of rows) {
    if (total + row.number_accounts > maxAccounts) break;
    total += row.number_accounts;
    shown.push(row);
  }
  return shown;
}

export function registerGraphRoutes(r: RouteRegistrar): void {
  r.get('/api/v2/conversations/:id/coordination_graph', {
    summary: "The network navigator's whole coordination graph: every cluster's data, largest first",
    description: 'From the latest detection of the conversation; each cluster as the /cluster call answers it, with the same filters. '
      + 'Stops before the cluster that would exceed max_accounts (default 25,000, at most 50,000), then truncated is true.',
    params: conversationParamsSchema, query: z.looseObject({}), response: coordinationGraphSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const { max_accounts: rawMax, ...filterParams } = ctx.query;
    const maxAccounts = maxAccountsOf(rawMax);
    const filters = filtersOf(filterParams);
    const view = await conversationView(ctx.app, user.organization_id, ctx.params.id);
    if (!view.detection) return { run_id: null, detected_at: null, truncated: false, clusters: [] };
    const runId = view.detection.run_id;
    const rows = await clustersPassing(db, user.organization_id, runId, filters, view.columns);
    const shown = largestWithin(rows, maxAccounts);
    return {
      run_id: runId, detected_at: view.detection.created_at, truncated: shown.length < rows.length,
      clusters: await clusterDataOf(db, user.organization_id, runId, filters, view.columns, shown),
    };
  });
}
