import crypto from 'node:crypto';
import type { RouteRegistrar } from '@core/server/http/routes';
import { Answer, requireUser } from '@core/server/http/routes';
import { HttpError, badRequest, notFound } from '@core/server/http/errors';
import { nowIso } from '@core/server/storage/database';
import { pipelineKey } from '@core/server/pipeline/runner';
import { can } from '@core/shared/access/permissions';
import {
  PROJECTS_PATH, deletedSchema, editProjectSchema, idParamsSchema, newProjectSchema, organizationSummarySchema,
  projectListSchema, projectSchema, type Project,
} from '../shared/api';
import { MAX_NAME_LENGTH, MESSAGES } from '../shared/messages';
import { projectNameKey } from '../shared/rules';
import { isUniqueViolation } from '@core/server/pipeline/runs';
import { UUID, dbOf, type Db } from './model';

async function listProjects(db: Db, organizationId: string, id?: string): Promise<Project[]> {
  let q = db.selectFrom('conversations_projects as p')
    .select(['p.id', 'p.name', 'p.organization_id', 'p.created_at'])
    .select((eb) => eb.selectFrom('conversations_conversations as c').select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('c.project_id', '=', 'p.id').where('c.deleted_at', 'is', null).as('conversation_count'))
    .where('p.organization_id', '=', organizationId).where('p.deleted_at', 'is', null);
  if (id) q = q.where('p.id', '=', id);
  const rows = await q.orderBy('p.created_at').orderBy('p.id').execute();
  return rows.map((r) => ({ ...r, conversation_count: Number(r.conversation_count ?? 0) }));
}

/** The caller's project, or 404 (unknown, deleted, or another organisation's: the same answer for all three). */
export async function projectOf(db: Db, organizationId: string, id: string | null | undefined) {
  if (!id || !UUID.test(id)) return null;
  return (await db.selectFrom('conversations_projects').selectAll().where('id', '=', id)
    .where('organization_id', '=', organizationId).where('deleted_at', 'is', null).executeTakeFirst()) ?? null;
}

function cleanName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) throw badRequest(MESSAGES.projectNameRequired);
  if (trimmed.length > MAX_NAME_LENGTH) throw badRequest(`Project name must be at most ${MAX_NAME_LENGTH} characters`);
  return trimmed;
}

async function assertUnique(db: Db, organizationId: string, name: string, exceptId?: string) {
  let q = db.selectFrom('conversations_projects').select('id').where('organization_id', '=', organizationId)
    .where('name_key', '=', projectNameKey(name)).where('deleted_at', 'is', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new HttpError(409, MESSAGES.projectExists);
}

export function registerProjectRoutes(r: RouteRegistrar): void {
  r.get(PROJECTS_PATH, { summary: 'Projects of the organisation, oldest first, with their conversation counts', response: projectListSchema }, async (ctx) => {
    const user = requireUser(ctx);
    const projects = await listProjects(dbOf(ctx.app.storage), user.organization_id);
    return new Answer(projects, {
      pagination_info: { offset: 0, limit: -1, total: projects.length, order_by: [{ column: 'created_at', direction: 'asc' }] },
    });
  });

  r.get(`${PROJECTS_PATH}/organization`, {
    summary: 'The organisation the picker shows (name, Topic Radar setting)', response: organizationSummarySchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const org = await ctx.app.storage.db.selectFrom('core_organizations').select(['id', 'name', 'settings'])
      .where('id', '=', user.organization_id).executeTakeFirst();
    if (!org) throw notFound(MESSAGES.organizationNotFound);
    const settings = JSON.parse(org.settings || '{}') as { topic_radar_enabled?: boolean; themes?: string[] };
    return { id: org.id, name: org.name, topic_radar_enabled: settings.topic_radar_enabled === true || (settings.themes?.length ?? 0) > 0 };
  });

  r.post(PROJECTS_PATH, { summary: 'Add a project', body: newProjectSchema, response: projectSchema }, async (ctx) => {
    const user = requireUser(ctx);
    const body = ctx.body ?? {};
    if (body.organization_id && body.organization_id !== user.organization_id) throw notFound(MESSAGES.organizationNotFound);
    const name = cleanName(body.name);
    const db = dbOf(ctx.app.storage);
    const id = crypto.randomUUID();
    try {
      await db.transaction().execute(async (trx) => {
        await assertUnique(trx, user.organization_id, name);
        const now = nowIso();
        await trx.insertInto('conversations_projects').values({
          id, organization_id: user.organization_id, name, name_key: projectNameKey(name), created_by: user.id,
          created_at: now, updated_at: now, deleted_at: null,
        }).execute();
      });
    } catch (error) {
      // Two requests adding the same name at once: the unique index decides.
      if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.projectExists);
      throw error;
    }
    return (await listProjects(db, user.organization_id, id))[0]!;
  });

  r.put(`${PROJECTS_PATH}/:id`, { summary: 'Rename a project', params: idParamsSchema, body: editProjectSchema, response: projectSchema }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const project = await projectOf(db, user.organization_id, ctx.params.id);
    if (!project) throw notFound(MESSAGES.projectNotFound);
    const body = ctx.body ?? {};
    if (body.organization_id && body.organization_id !== user.organization_id) throw notFound(MESSAGES.organizationNotFound);
    const name = cleanName(body.name);
    try {
      await db.transaction().execute(async (trx) => {
        await assertUnique(trx, user.organization_id, name, project.id);
        await trx.updateTable('conversations_projects').set({ name, name_key: projectNameKey(name), updated_at: nowIso() })
          .where('id', '=', project.id).where('organization_id', '=', user.organization_id).execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.projectExists);
      throw error;
    }
    return (await listProjects(db, user.organization_id, project.id))[0]!;
  });

  r.delete(`${PROJECTS_PATH}/:id`, {
    summary: 'Remove a project and its conversations (their queued or running runs are cancelled)',
    description: `The only project of an organisation cannot be removed (400 "${MESSAGES.onlyProject}"). ` +
      'Removing a project that has conversations needs DELETE_CONVERSATION.',
    params: idParamsSchema, response: deletedSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const pipeline = ctx.app.services.get(pipelineKey);
    const project = await projectOf(db, user.organization_id, ctx.params.id);
    if (!project) throw notFound(MESSAGES.projectNotFound);
    await db.transaction().execute(async (trx) => {
      const others = await trx.selectFrom('conversations_projects').select('id').where('organization_id', '=', user.organization_id)
        .where('deleted_at', 'is', null).where('id', '<>', project.id).limit(1).execute();
      if (others.length === 0) throw badRequest(MESSAGES.onlyProject);
      const conversations = await trx.selectFrom('conversations_conversations').select('id')
        .where('project_id', '=', project.id).where('deleted_at', 'is', null).execute();
      if (conversations.length > 0 && !can(user, 'DELETE_CONVERSATION')) {
        throw new HttpError(403, 'You do not have permission to delete the conversations of this project.');
      }
      const now = nowIso();
      for (const c of conversations) await pipeline.cancelConversation(c.id, { db: trx as never });
      await trx.updateTable('conversations_conversations').set({ deleted_at: now, updated_at: now })
        .where('project_id', '=', project.id).where('deleted_at', 'is', null).execute();
      await trx.updateTable('conversations_projects').set({ deleted_at: now, updated_at: now })
        .where('id', '=', project.id).execute();
    });
    return { id: project.id };
  });
}
