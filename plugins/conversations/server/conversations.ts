import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { RouteRegistrar } from '@core/server/http/routes';
import { Answer, requireUser } from '@core/server/http/routes';
import { HttpError, badRequest, forbidden, notFound } from '@core/server/http/errors';
import { nowIso, fromBool, type Storage } from '@core/server/storage/database';
import { pipelineKey } from '@core/server/pipeline/runner';
import { QueryTooSlowError, storedPostsKey, type PlatformCount } from '@core/server/pipeline/collectors';
import { runFromRow, type Run } from '@core/server/pipeline/runs';
import type { SessionUser } from '@core/server/auth/sessionUser';
import { can } from '@core/shared/access/permissions';
import { parseQuery, validateQuery, type QueryError } from '@core/shared/query';
import {
  CONVERSATIONS_PATH, LANGUAGES, conversationListQuerySchema, conversationListSchema, conversationSchema,
  createConversationSchema, deletedSchema, editConversationSchema, idParamsSchema, nrmsEnabledSchema, nrmsQuerySchema,
  previewRequestSchema, previewSchema, runListSchema, type ConversationRun, type Language,
} from '../shared/api';
import { DAY_MS, resolveRange } from '../shared/dates';
import { MAX_NAME_LENGTH, MESSAGES } from '../shared/messages';
import { UUID, dbOf, isAdmin, toConversation, type Db } from './model';
import { projectOf } from './projects';
import { collectsWithin } from './nrms';
import { activeRun, queueRun } from './runs';
import type { ConversationRow } from './tables';

const LIST_ORDER = { pagination_info: { offset: 0, limit: -1, total: 0, order_by: [{ column: 'created_at', direction: 'asc' as const }] } };

/** The caller's conversation, or null (unknown, deleted, or another organisation's: one answer for all three). */
export async function conversationOf(db: Db, organizationId: string, id: string | null | undefined): Promise<ConversationRow | null> {
  if (!id || !UUID.test(id)) return null;
  return (await db.selectFrom('conversations_conversations').selectAll().where('id', '=', id)
    .where('organization_id', '=', organizationId).where('deleted_at', 'is', null).executeTakeFirst()) ?? null;
}

/**
 * The spec's 400 for a query: the server message contains 'Your boolean string could not be validated'. The query
 * language's own limits (QUERY_LIMITS: length, nesting, terms) are part of validateQuery, so the preview, create and
 * edit calls refuse exactly what the browser form refuses, each with a position.
 */
function checkQuery(input: string | null | undefined): string {
  const query = input ?? '';
  const errors: QueryError[] = validateQuery(query);
  if (errors.length) {
    const messages = errors.map((e) => e.message);
    throw new HttpError(400, `${MESSAGES.booleanStringInvalid}: ${messages[0]}`, [`${MESSAGES.booleanStringInvalid}: ${messages[0]}`, ...messages.slice(1)]);
  }
  return query;
}

function checkName(input: string | null | undefined): string {
  const name = (input ?? '').trim();
  if (!name) throw badRequest(MESSAGES.conversationNameRequired);
  if (name.length > MAX_NAME_LENGTH) throw badRequest(`Conversation name must be at most ${MAX_NAME_LENGTH} characters`);
  return name;
}

function checkLanguage(input: string): Language {
  if (!(LANGUAGES as readonly string[]).includes(input)) throw badRequest(MESSAGES.languageInvalid);
  return input as Language;
}

/** The user's conversation_language preference (spec part 1 section 9: default is the first or the preference). */
async function preferredLanguage(storage: Storage, userId: string): Promise<Language> {
  const row = await storage.db.selectFrom('core_preferences').select('preferences').where('user_id', '=', userId).executeTakeFirst();
  try {
    const lang = row ? (JSON.parse(row.preferences) as { conversation_language?: string }).conversation_language : undefined;
    return lang && (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'en';
  } catch {
    return 'en';
  }
}

/** Feature flags by name: the organisation's settings.features plus the user's own (spec part 1 section 6). */
async function hasFeature(storage: Storage, user: SessionUser, flag: string): Promise<boolean> {
  const own = (user as SessionUser & { features?: string[] }).features ?? [];
  if (own.includes(flag)) return true;
  const org = await storage.db.selectFrom('core_organizations').select('settings').where('id', '=', user.organization_id).executeTakeFirst();
  try {
    return ((JSON.parse(org?.settings ?? '{}') as { features?: string[] }).features ?? []).includes(flag);
  } catch {
    return false;
  }
}

function toRun(run: Run, admin: boolean): ConversationRun {
  return {
    id: run.id,
    conversation_id: run.conversationId,
    run_type: run.runType,
    status: run.status,
    DAG_step: run.dagStep,
    current_stage: run.currentStage,
    enrichment_stage: run.enrichmentStage,
    progress: run.progress,
    message: run.status === 'FAILED' && !admin ? 'The run failed' : run.message,
    ...(admin ? { error: run.error } : {}),
    start_date: run.request.startDate,
    end_date: run.request.endDate,
    use_existing_data: run.request.useExistingData,
    data_collectors: run.collectorUsage,
    created_at: run.createdAt,
    started_at: run.startedAt,
    finished_at: run.finishedAt,
  };
}

/** How long a preview that ran past the time budget is remembered (see `tooSlowRecently`). */
const TOO_SLOW_MEMORY_MS = 60_000;

export function registerConversationRoutes(r: RouteRegistrar): void {
  /**
   * Previews that ran past the time budget lately, by organisation and request. The same request again answers
   * the 408 at once instead of searching for the whole budget again: Chromium resends a POST answered 408 on a
   * kept-alive connection by itself (measured: two calls for one fetch), and a user may press again.
   */
  const tooSlowRecently = new LRUCache<string, true>({ max: 1000, ttl: TOO_SLOW_MEMORY_MS });

  r.get(CONVERSATIONS_PATH, {
    summary: 'Conversations of a project (or of the whole organisation without project_id), oldest first',
    query: conversationListQuerySchema, response: conversationListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    let q = db.selectFrom('conversations_conversations').selectAll()
      .where('organization_id', '=', user.organization_id).where('deleted_at', 'is', null);
    if (ctx.query.project_id !== undefined) {
      if (!(await projectOf(db, user.organization_id, ctx.query.project_id))) throw notFound(MESSAGES.projectNotFound);
      q = q.where('project_id', '=', ctx.query.project_id);
    }
    const rows = await q.orderBy('created_at').orderBy('id').execute();
    return new Answer(rows.map((row) => toConversation(row, isAdmin(user))), {
      pagination_info: { ...LIST_ORDER.pagination_info, total: rows.length },
    });
  });

  r.post(CONVERSATIONS_PATH, {
    summary: 'Create a conversation; it starts PENDING with a STATIC_RUN (date range) or SCHEDULED_INITIAL_RUN (continuous)',
    description: `400 "${MESSAGES.booleanStringInvalid}: <first problem>" (all problems in metadata.errors), ` +
      `400 "${MESSAGES.datesInvalid}", 404 "${MESSAGES.projectNotFound}", 422 when a data source quota is reached.`,
    body: createConversationSchema, response: conversationSchema, permission: 'CREATE_CONVERSATION',
  }, async (ctx) => {
    const user = requireUser(ctx);
    const body = ctx.body ?? {};
    const db = dbOf(ctx.app.storage);
    const pipeline = ctx.app.services.get(pipelineKey);
    if (body.is_org_nrms && !can(user, 'CREATE_NRMS_CONVERSATION')) throw forbidden();
    const name = checkName(body.name);
    if (!body.project_id) throw badRequest(MESSAGES.projectRequired);
    const project = await projectOf(db, user.organization_id, body.project_id);
    if (!project) throw notFound(MESSAGES.projectNotFound);
    const query = checkQuery(body.query_string);
    const threatFeed = body.threat_feed === true;
    const now = new Date();
    let range: { start: string | null; end: string | null } = { start: null, end: null };
    if (!threatFeed) {
      const resolved = resolveRange(body.start_date, body.end_date, now);
      if (!resolved.ok) throw badRequest(MESSAGES.datesInvalid);
      range = resolved;
    }
    const language = checkLanguage(body.language ?? (await preferredLanguage(ctx.app.storage, user.id)));
    if (await pipeline.collectors.quotaReached(user.organization_id)) throw new HttpError(422, MESSAGES.quotaReached);

    const row: ConversationRow = {
      id: crypto.randomUUID(), organization_id: user.organization_id, project_id: project.id, user_id: user.id,
      name, query_string: query, start_date: range.start, end_date: range.end, threat_feed: fromBool(threatFeed),
      language, status: 'PENDING', last_run: null, suspended: 0, is_scaled: 0, is_org_nrms: fromBool(body.is_org_nrms === true),
      use_existing_data: 0, rerun: 0, enrichment_stages: '[]', topics_status: null, dag_step: null, image_url: null,
      description: body.description?.trim() || null,
      next_run_at: threatFeed ? new Date(now.getTime() + DAY_MS).toISOString() : null,
      created_at: now.toISOString(), updated_at: now.toISOString(), deleted_at: null,
    };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('conversations_conversations').values(row).execute();
      await queueRun(pipeline, trx, row, threatFeed ? 'SCHEDULED_INITIAL_RUN' : 'STATIC_RUN', { now, requestedBy: user.id });
    });
    return toConversation((await conversationOf(db, user.organization_id, row.id))!, isAdmin(user));
  });

  r.post(`${CONVERSATIONS_PATH}/preview`, {
    summary: 'Live preview: how many stored posts match the query, per platform, before saving',
    description: 'Answers available=false with zero counts until a post store (core.storedPosts) is installed. 408 "This query took too long to preview. Narrow it with fewer terms or a shorter date range." when ' +
      'the search runs past NARRASCOPE_QUERY_TIME_BUDGET_MS (it is stopped; the same request within a minute answers ' +
      'it at once).',
    body: previewRequestSchema, response: previewSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const body = ctx.body ?? {};
    const query = checkQuery(body.query_string);
    let start: string | null = null;
    let end: string | null = null;
    if (body.threat_feed === true) {
      end = new Date().toISOString();
      start = new Date(Date.now() - 7 * DAY_MS).toISOString();
    } else {
      const resolved = resolveRange(body.start_date, body.end_date);
      if (!resolved.ok) throw badRequest(MESSAGES.datesInvalid);
      ({ start, end } = resolved);
    }
    if (!ctx.app.services.has(storedPostsKey)) {
      return new Answer({ available: false, total: 0, platforms: [], start_date: start, end_date: end },
        { info: 'No post store is installed yet: stored posts cannot be counted, so every count is zero.' });
    }
    const parsed = parseQuery(query);
    if (!parsed.ok) throw badRequest(MESSAGES.booleanStringInvalid);
    const asked = JSON.stringify([user.organization_id, query, body.threat_feed === true, body.start_date ?? null, body.end_date ?? null]);
    if (tooSlowRecently.has(asked)) throw new HttpError(408, MESSAGES.previewTooSlow);
    // The dialog drops a preview the user typed past (it aborts the fetch): the search stops with it.
    const gone = new AbortController();
    const onClose = () => { if (!ctx.reply.raw.writableFinished) gone.abort(new Error('the client closed the preview request')); };
    ctx.reply.raw.once('close', onClose);
    let counts: PlatformCount[];
    try {
      counts = await ctx.app.services.get(storedPostsKey).countMatching({
        organizationId: user.organization_id, query: parsed.ast, startDate: start, endDate: end, signal: gone.signal,
      });
    } catch (error) {
      // Nobody is left to read the answer: a client error rather than a logged failure.
      if (gone.signal.aborted) throw new HttpError(499, 'The client closed the preview request');
      if (!(error instanceof QueryTooSlowError)) throw error;
      tooSlowRecently.set(asked, true);
      throw new HttpError(408, MESSAGES.previewTooSlow);
    } finally {
      ctx.reply.raw.off('close', onClose);
    }
    const platforms = counts.filter((c) => c.count > 0).sort((a, b) => b.count - a.count || a.platform.localeCompare(b.platform));
    return { available: true, total: platforms.reduce((n, c) => n + c.count, 0), platforms, start_date: start, end_date: end };
  });

  r.get(`${CONVERSATIONS_PATH}/nrms`, {
    summary: 'Organisation-wide NRMS conversations', permission: 'VIEW_NRMS_CONVERSATION',
    description: 'An empty list unless the VIEW_NRMS_CONVERSATION feature flag is on (as nrms_enabled answers). conversation_id ' +
      'narrows the answer to one conversation; date_range (LAST_DAY, LAST_WEEK, LAST_MONTH) keeps those that collected posts of ' +
      'that last day, week or 30 days: a static one whose dates overlap it, a continuous one while it runs (paused: when its last ' +
      'run is in it).',
    query: nrmsQuerySchema, response: conversationListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    if (!(await hasFeature(ctx.app.storage, user, 'VIEW_NRMS_CONVERSATION'))) return [];
    const db = dbOf(ctx.app.storage);
    let q = db.selectFrom('conversations_conversations').selectAll().where('organization_id', '=', user.organization_id)
      .where('deleted_at', 'is', null).where('is_org_nrms', '=', 1);
    if (ctx.query.conversation_id !== undefined) {
      if (!UUID.test(ctx.query.conversation_id)) return [];
      q = q.where('id', '=', ctx.query.conversation_id);
    }
    const range = ctx.query.date_range;
    const rows = (await q.orderBy('created_at').orderBy('id').execute()).filter((row) => !range || collectsWithin(row, range));
    return rows.map((row) => toConversation(row, isAdmin(user)));
  });

  r.get(`${CONVERSATIONS_PATH}/nrms_enabled`, {
    summary: 'Whether NRMS conversations are on for the caller: the VIEW_NRMS_CONVERSATION feature flag and permission',
    response: nrmsEnabledSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    return { enabled: can(user, 'VIEW_NRMS_CONVERSATION') && (await hasFeature(ctx.app.storage, user, 'VIEW_NRMS_CONVERSATION')) };
  });

  r.get(`${CONVERSATIONS_PATH}/scaled`, {
    summary: 'Scaled (shared) conversations; an empty list unless the SHOW_SCALED_CONVERSATIONS feature flag is on',
    response: conversationListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    if (!(await hasFeature(ctx.app.storage, user, 'SHOW_SCALED_CONVERSATIONS'))) return [];
    const rows = await dbOf(ctx.app.storage).selectFrom('conversations_conversations').selectAll()
      .where('organization_id', '=', user.organization_id).where('deleted_at', 'is', null).where('is_scaled', '=', 1)
      .orderBy('created_at').orderBy('id').execute();
    return rows.map((row) => toConversation(row, isAdmin(user)));
  });

  r.get(`${CONVERSATIONS_PATH}/:id`, { summary: 'One conversation', params: idParamsSchema, response: conversationSchema }, async (ctx) => {
    const user = requireUser(ctx);
    const row = await conversationOf(dbOf(ctx.app.storage), user.organization_id, ctx.params.id);
    if (!row) throw notFound(MESSAGES.conversationNotFound);
    return toConversation(row, isAdmin(user));
  });

  r.put(`${CONVERSATIONS_PATH}/:id`, {
    summary: 'Edit a conversation, or re-run it with rerun=true (STATIC_MANUAL_RERUN or SCHEDULED_MANUAL_RERUN)',
    description: 'Fields left out keep their value. Re-running a continuous conversation needs RERUN_SCHEDULED_QUERY; ' +
      'a conversation already queued or running answers 409. `suspended` pauses or resumes a continuous one. Needs ' +
      'CREATE_CONVERSATION, as creating one does (a new query or a re-run collects posts like a new conversation).',
    params: idParamsSchema, body: editConversationSchema, response: conversationSchema, permission: 'CREATE_CONVERSATION',
  }, async (ctx) => {
    const user = requireUser(ctx);
    const body = ctx.body ?? {};
    const db = dbOf(ctx.app.storage);
    const pipeline = ctx.app.services.get(pipelineKey);
    const current = await conversationOf(db, user.organization_id, ctx.params.id);
    if (!current) throw notFound(MESSAGES.conversationNotFound);
    const threatFeed = current.threat_feed === 1;
    if (body.threat_feed !== undefined && body.threat_feed !== null && body.threat_feed !== threatFeed) throw badRequest(MESSAGES.modeCannotChange);

    const set: Partial<ConversationRow> = {};
    if (body.name !== undefined) set.name = checkName(body.name);
    if (body.project_id !== undefined) {
      if (!body.project_id) throw badRequest(MESSAGES.projectRequired);
      const project = await projectOf(db, user.organization_id, body.project_id);
      if (!project) throw notFound(MESSAGES.projectNotFound);
      set.project_id = project.id;
    }
    if (body.query_string !== undefined) set.query_string = checkQuery(body.query_string);
    if (!threatFeed && (body.start_date !== undefined || body.end_date !== undefined)) {
      const resolved = resolveRange(body.start_date === undefined ? current.start_date : body.start_date,
        body.end_date === undefined ? current.end_date : body.end_date);
      if (!resolved.ok) throw badRequest(MESSAGES.datesInvalid);
      set.start_date = resolved.start;
      set.end_date = resolved.end;
    }
    if (body.language !== undefined && body.language !== null) set.language = checkLanguage(body.language);
    if (body.description !== undefined) set.description = body.description?.trim() || null;
    if (body.suspended !== undefined && body.suspended !== null && body.suspended !== (current.suspended === 1)) {
      if (!threatFeed) throw badRequest('Only continuous conversations can be suspended');
      set.suspended = fromBool(body.suspended);
    }
    const rerun = body.rerun === true;
    if (rerun) {
      if (current.is_scaled || current.is_org_nrms) throw badRequest(MESSAGES.cannotRerun);
      if (threatFeed && !can(user, 'RERUN_SCHEDULED_QUERY')) throw forbidden();
      if (await activeRun(db, current.id)) throw new HttpError(409, MESSAGES.alreadyRunning);
    }

    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      await trx.updateTable('conversations_conversations').set({ ...set, updated_at: now })
        .where('id', '=', current.id).where('organization_id', '=', user.organization_id).execute();
      if (rerun) {
        const updated = { ...current, ...set };
        await queueRun(pipeline, trx, updated, threatFeed ? 'SCHEDULED_MANUAL_RERUN' : 'STATIC_MANUAL_RERUN', {
          useExistingData: body.use_existing_data === true, requestedBy: user.id,
        });
      }
    });
    return toConversation((await conversationOf(db, user.organization_id, current.id))!, isAdmin(user));
  });

  r.delete(`${CONVERSATIONS_PATH}/:id`, {
    summary: 'Delete a conversation (its queued or running run is cancelled)', params: idParamsSchema, response: deletedSchema,
    permission: 'DELETE_CONVERSATION',
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const pipeline = ctx.app.services.get(pipelineKey);
    const current = await conversationOf(db, user.organization_id, ctx.params.id);
    if (!current) throw notFound(MESSAGES.conversationNotFound);
    await db.transaction().execute(async (trx) => {
      await pipeline.cancelConversation(current.id, { db: trx as never });
      const now = nowIso();
      await trx.updateTable('conversations_conversations').set({ deleted_at: now, updated_at: now })
        .where('id', '=', current.id).where('organization_id', '=', user.organization_id).execute();
    });
    return { id: current.id };
  });

  r.post(`${CONVERSATIONS_PATH}/:id/cancel`, {
    summary: 'Cancel the queued or running run of a conversation (CREATE_CONVERSATION, as starting one)',
    params: idParamsSchema, response: conversationSchema, permission: 'CREATE_CONVERSATION',
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const current = await conversationOf(db, user.organization_id, ctx.params.id);
    if (!current) throw notFound(MESSAGES.conversationNotFound);
    const active = await activeRun(db, current.id);
    if (!active) throw new HttpError(409, MESSAGES.notRunning);
    await ctx.app.services.get(pipelineKey).cancel(active.id);
    return toConversation((await conversationOf(db, user.organization_id, current.id))!, isAdmin(user));
  });

  r.get(`${CONVERSATIONS_PATH}/:id/runs`, {
    summary: 'Runs of a conversation, newest first (status, DAG_step, stage, progress, collector usage)',
    params: idParamsSchema, response: runListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const current = await conversationOf(db, user.organization_id, ctx.params.id);
    if (!current) throw notFound(MESSAGES.conversationNotFound);
    const rows = await db.selectFrom('core_pipeline_runs').selectAll().where('conversation_id', '=', current.id)
      .where('organization_id', '=', user.organization_id).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(20).execute();
    return rows.map((row) => toRun(runFromRow(row), isAdmin(user)));
  });
}
