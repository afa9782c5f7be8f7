import { z } from 'zod';
import {
  LOG_REPORT_BODY_LIMIT, LOG_REPORT_CONTEXT_MAX_CHARS, LOG_REPORTS_RATE_LIMITED, logReportSchema,
} from '@core/shared/api/logReport';
import { layoutParamsSchema, saveLayoutBodySchema, savedLayoutSchema } from '@core/shared/workspace/api';
import { layoutProblems } from '@core/shared/layout/schema';
import type { Config } from '../config';
import { nowIso } from '../storage/database';
import { badRequest } from './errors';
import { requireUser, type RouteRegistrar } from './routes';

const LEVEL_NAMES = ['debug', 'debug', 'info', 'warn', 'error'] as const;

/** A report's context as logged: as sent when small, else its JSON cut to the cap with a marker of the full length. */
export function loggedContext(context: Record<string, unknown> | undefined): { context?: unknown; context_truncated?: true } {
  if (context === undefined) return {};
  const json = JSON.stringify(context);
  if (json.length <= LOG_REPORT_CONTEXT_MAX_CHARS) return { context };
  return { context: `${json.slice(0, LOG_REPORT_CONTEXT_MAX_CHARS)}…[truncated: ${json.length} characters]`, context_truncated: true };
}

export function registerCoreRoutes(r: RouteRegistrar, getOpenApi: () => unknown, config: Pick<Config, 'logReportRateLimitPerMinute'>): void {
  r.get('/api/v2/health', {
    summary: 'Liveness and storage check',
    public: true,
    response: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }),
  }, async ({ app }) => {
    await app.storage.db.selectFrom('core_migrations').select('id').limit(1).execute();
    return { status: 'ok' as const, database: app.storage.dialect };
  });

  r.get('/api/v2/openapi.json', {
    summary: 'This OpenAPI document, generated from the route schemas',
    description: 'Served unwrapped so that OpenAPI tools can read it directly.',
    public: true,
    raw: true,
    response: z.unknown(),
  }, async ({ reply }) => {
    reply.send(getOpenApi());
  });

  r.post('/logreporter', {
    summary: 'Client log reports (Warn and Error are sent by the browser)',
    description: `Public, so bounded: bodies over ${LOG_REPORT_BODY_LIMIT} bytes answer 413, the logged context is cut to ` +
      `${LOG_REPORT_CONTEXT_MAX_CHARS} characters of JSON (with a marker), and each client address may send ` +
      `${config.logReportRateLimitPerMinute} reports a minute (then 429 "${LOG_REPORTS_RATE_LIMITED}").`,
    public: true,
    csrf: false,
    bodyLimit: LOG_REPORT_BODY_LIMIT,
    rateLimit: { max: config.logReportRateLimitPerMinute, timeWindow: 60_000, groupId: 'logreporter', message: LOG_REPORTS_RATE_LIMITED },
    body: logReportSchema,
    response: z.object({ received: z.boolean() }),
  }, async ({ body, user, request }) => {
    const level = typeof body.level === 'number' ? LEVEL_NAMES[body.level] : body.level === 'log' ? 'info' : body.level;
    request.log[level ?? 'info']({ client: true, user_id: user?.id ?? null, ...loggedContext(body.context) }, body.message);
    return { received: true };
  });

  r.get('/api/v2/workspace/layouts/:layoutId', {
    summary: "The caller's saved arrangement of a built-in layout (null when never saved)",
    params: layoutParamsSchema,
    response: savedLayoutSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const row = await ctx.app.storage.db
      .selectFrom('core_workspace_layouts')
      .select(['layout', 'updated_at'])
      .where('user_id', '=', user.id)
      .where('layout_id', '=', ctx.params.layoutId)
      .executeTakeFirst();
    return { layout: row ? JSON.parse(row.layout) : null, updated_at: row?.updated_at ?? null };
  });

  r.put('/api/v2/workspace/layouts/:layoutId', {
    summary: "Save the caller's arrangement of a layout",
    params: layoutParamsSchema,
    body: saveLayoutBodySchema,
    response: savedLayoutSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const { layout } = ctx.body;
    if (layout.id !== ctx.params.layoutId) throw badRequest(`layout id '${layout.id}' does not match the path`);
    const problems = layoutProblems(layout);
    if (problems.length) throw badRequest('Invalid layout', problems);
    const updatedAt = nowIso();
    await ctx.app.storage.db
      .insertInto('core_workspace_layouts')
      .values({ user_id: user.id, layout_id: layout.id, version: layout.version, layout: JSON.stringify(layout), updated_at: updatedAt })
      .onConflict((oc) => oc.columns(['user_id', 'layout_id']).doUpdateSet({
        version: layout.version, layout: JSON.stringify(layout), updated_at: updatedAt,
      }))
      .execute();
    return { layout, updated_at: updatedAt };
  });

  r.delete('/api/v2/workspace/layouts/:layoutId', {
    summary: "Forget the caller's arrangement (Reset layout)",
    params: layoutParamsSchema,
    response: savedLayoutSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    await ctx.app.storage.db
      .deleteFrom('core_workspace_layouts')
      .where('user_id', '=', user.id)
      .where('layout_id', '=', ctx.params.layoutId)
      .execute();
    return { layout: null, updated_at: null };
  });
}
