import crypto from 'node:crypto';
import { pipelineKey } from '@core/server/pipeline/runner';
import type { ServerContext } from '@core/server/plugin/context';
import { nowIso } from '@core/server/storage/database';
import { projectNameKey } from '../shared/rules';
import { dbOf } from './model';
import { queueRun } from './runs';
import type { ConversationRow } from './tables';

/**
 * The demo project's conversations. Their queries are written for the demo corpus (plugins/posts/server/demo): the
 * broad watch covers all nine Topic Radar themes and most planted coordination campaigns; the others follow one
 * theme each. A conversation collects posts in its language (English unless said).
 */
export const DEMO_CONVERSATIONS: ReadonlyArray<{ name: string; description: string; query: string; language?: 'en' | 'es' | 'zh' }> = [
  {
    name: 'Narrative watch',
    description: 'Demo conversation: every Topic Radar theme at once, where the planted coordination campaigns show up.',
    query: 'boycott OR union OR strike OR election OR ballots OR tariff OR tariffs OR vaccine OR vaccines OR DEI OR diversity OR QAnon OR "the storm" OR "short interest" OR shorting OR inflation OR "interest rates"',
  },
  {
    name: 'Tariffs and trade',
    description: 'Demo conversation: tariffs and trade talk across platforms.',
    query: 'tariff OR tariffs OR "trade war"',
  },
  {
    name: 'Aranceles y comercio',
    description: 'Demo conversation in Spanish: the tariff debate in Spanish-language posts.',
    query: 'aranceles OR arancel OR "guerra comercial"',
    language: 'es',
  },
  {
    name: 'Election integrity',
    description: 'Demo conversation: claims about stolen elections, recounts and certification.',
    query: 'election OR ballots OR recount OR "voter fraud" OR #StopTheSteal',
  },
  {
    name: 'Vaccines and public health',
    description: 'Demo conversation: vaccine schedules, measles outbreaks and the MAHA movement.',
    query: 'vaccine OR vaccines OR measles OR "Make America Healthy Again" OR #MAHA',
  },
];

const DEMO_PROJECT = 'Demo Project';

/** The whole demo corpus: the 30 days before now. */
const DEMO_DAYS = 30;

export async function seedDemoConversations(ctx: ServerContext, organizationId: string): Promise<void> {
  const db = dbOf(ctx.storage);
  const owner = await db.selectFrom('core_users').select('id').where('organization_id', '=', organizationId).orderBy('created_at').executeTakeFirst();
  if (!owner) return;
  // Seeding is resumable (core/server/demoSeed.ts): the project and its conversations are written in one transaction,
  // so an organisation that has the demo project has all of it.
  const seeded = await db.selectFrom('conversations_projects').select('id').where('organization_id', '=', organizationId)
    .where('name_key', '=', projectNameKey(DEMO_PROJECT)).where('deleted_at', 'is', null).executeTakeFirst();
  if (seeded) return;
  const now = nowIso();
  const end = new Date();
  const start = new Date(end.getTime() - DEMO_DAYS * 86_400_000);
  const projectId = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('conversations_projects').values({
      id: projectId, organization_id: organizationId, name: DEMO_PROJECT, name_key: projectNameKey(DEMO_PROJECT),
      created_by: owner.id, created_at: now, updated_at: now, deleted_at: null,
    }).execute();
    for (const demo of DEMO_CONVERSATIONS) {
      const conversation: ConversationRow = {
        id: crypto.randomUUID(), organization_id: organizationId, project_id: projectId, user_id: owner.id,
        name: demo.name, query_string: demo.query, start_date: start.toISOString(), end_date: end.toISOString(), threat_feed: 0,
        language: demo.language ?? 'en', status: 'PENDING', last_run: null, suspended: 0, is_scaled: 0, is_org_nrms: 0, use_existing_data: 0,
        rerun: 0, enrichment_stages: '[]', topics_status: null, dag_step: null, image_url: null, description: demo.description,
        next_run_at: null, created_at: now, updated_at: now, deleted_at: null,
      };
      await trx.insertInto('conversations_conversations').values(conversation).execute();
      await queueRun(ctx.services.get(pipelineKey), trx, conversation, 'STATIC_RUN', { requestedBy: owner.id });
    }
  });
}
