import type { Kysely } from 'kysely';
import type { ServerPlugin } from './plugin/contract';
import type { ServerContext } from './plugin/context';
import { DEMO_ORG, seedDemoIdentity } from './seed';
import { nowIso } from './storage/database';

/**
 * The demo organisation is seeded as one resumable step (issue 18, finding 6). A ledger row is written before the
 * first plugin seeds and finished after the last; a start that finds the row unfinished (the process was killed
 * mid-corpus) runs every plugin's `seedDemo` again, each of which completes what is missing and adds nothing twice.
 */
interface DemoSeedTables {
  core_demo_seed: { organization_id: string; started_at: string; finished_at: string | null };
}

export const demoSeedMigration = {
  id: 'core/103_demo_seed',
  async up(db: Kysely<any>) {
    await db.schema.createTable('core_demo_seed')
      .addColumn('organization_id', 'text', (c) => c.primaryKey())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
  },
};

const ledger = (ctx: ServerContext) => ctx.storage.db as unknown as Kysely<DemoSeedTables>;

/** True when a demo seeding began and did not finish (the next start resumes it). */
export async function demoSeedUnfinished(ctx: ServerContext): Promise<boolean> {
  const row = await ledger(ctx).selectFrom('core_demo_seed').select('organization_id').where('finished_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/**
 * Seeds (or completes) the demo organisation: identity first, its generated password handed to `onPassword` at once
 * (a kill during the corpus must not leave an administrator nobody can sign in as), then each plugin's part.
 */
export async function runDemoSeed(ctx: ServerContext, plugins: readonly ServerPlugin[], opts: {
  demoPassword: string | null;
  onPassword?: (password: string) => void;
}): Promise<{ organizationId: string; resumed: boolean }> {
  const seeded = await seedDemoIdentity(ctx.storage, opts.demoPassword);
  if (seeded.generatedPassword) opts.onPassword?.(seeded.generatedPassword);
  const db = ledger(ctx);
  const existing = await db.selectFrom('core_demo_seed').selectAll().where('organization_id', '=', seeded.organizationId).executeTakeFirst();
  if (!existing) await db.insertInto('core_demo_seed').values({ organization_id: seeded.organizationId, started_at: nowIso(), finished_at: null }).execute();
  for (const plugin of plugins) await plugin.seedDemo?.(ctx, seeded.organizationId);
  await db.updateTable('core_demo_seed').set({ finished_at: nowIso() }).where('organization_id', '=', seeded.organizationId).execute();
  ctx.logger.info({ organization: DEMO_ORG, resumed: existing?.finished_at === null }, 'demo organisation seeded');
  return { organizationId: seeded.organizationId, resumed: existing?.finished_at === null };
}
