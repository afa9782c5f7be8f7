import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { CollectorUtilisation, SystemMetrics, Versions } from '@core/shared/status/api';
import type { CollectorUsage, StageDefinition } from '../pipeline/stages';
import type { PostStoreTables } from '../postStore/tables';
import type { Storage } from '../storage/database';
import type { CoreTables } from '../storage/tables';

type Db = Kysely<CoreTables & PostStoreTables>;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Operators of a packaged build (no .git) name the commit they deployed. */
export const COMMIT_ENV = 'NARRASCOPE_COMMIT';

/** The checkout's commit: `.git/HEAD`, its ref file or packed-refs; null outside a git checkout. Read once. */
function readCommit(root: string): string | null {
  try {
    const gitDir = path.join(root, '.git');
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    if (!ref) return /^[0-9a-f]{40}$/.test(head) ? head : null;
    const refFile = path.join(gitDir, ref);
    if (fs.existsSync(refFile)) return fs.readFileSync(refFile, 'utf8').trim();
    const packed = fs.readFileSync(path.join(gitDir, 'packed-refs'), 'utf8').split('\n').find((l) => l.endsWith(` ${ref}`));
    return packed?.split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

let commit: string | null | undefined;
function currentCommit(): string | null {
  if (commit === undefined) commit = process.env[COMMIT_ENV]?.trim() || readCommit(ROOT);
  return commit;
}

/**
 * The spec's versions object: the backend's version, the commit it was built from, the language runtime and the
 * analysis services' versions (each pipeline stage's version: bumping one invalidates what it stored).
 */
export function versions(backend: string, stages: readonly Pick<StageDefinition, 'id' | 'version'>[]): Versions {
  return {
    backend,
    commit: currentCommit(),
    language_runtime: `Node.js ${process.version}`,
    analysis_services: Object.fromEntries([...stages].sort((a, b) => a.id.localeCompare(b.id)).map((s) => [s.id, s.version])),
  };
}

/**
 * Per data collector, from the runs' collector usage: the entities (records) it collected and the queries (runs) it
 * served. Runs keep one entry per collector (a resumed stage replaces its own), so nothing counts twice.
 */
export function collectorUtilisations(usageLists: readonly string[]): CollectorUtilisation[] {
  const byName = new Map<string, CollectorUtilisation>();
  for (const text of usageLists) {
    let usage: CollectorUsage[];
    try { usage = JSON.parse(text) as CollectorUsage[]; } catch { continue; }
    for (const u of Array.isArray(usage) ? usage : []) {
      if (!u || typeof u.name !== 'string') continue;
      const row = byName.get(u.name) ?? { datacollector: u.name, total_entities: 0, total_queries: 0 };
      row.total_entities += Number(u.collected_records) || 0;
      row.total_queries += 1;
      byName.set(u.name, row);
    }
  }
  return [...byName.values()].sort((a, b) => a.datacollector.localeCompare(b.datacollector));
}

/**
 * The spec's system metrics of one organisation (or all, null): stored records (posts), conversations (those that
 * were ever run: runs are core's record of conversations; deleted ones keep their runs), active users, DAG runs and
 * the collectors' utilisation.
 */
export async function systemMetrics(storage: Storage, organizationId: string | null): Promise<SystemMetrics> {
  const db = storage.db as unknown as Db;
  const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
  const runs = () => {
    const q = db.selectFrom('core_pipeline_runs');
    return organizationId ? q.where('organization_id', '=', organizationId) : q;
  };
  const posts = db.selectFrom('posts_posts');
  const users = db.selectFrom('core_users').where('is_active', '=', 1);
  const [recordCount, conversations, userCount, dagRuns, usage] = await Promise.all([
    count((organizationId ? posts.where('organization_id', '=', organizationId) : posts).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()),
    count(runs().select((eb) => eb.fn.count<number>('conversation_id').distinct().as('n')).executeTakeFirst()),
    count((organizationId ? users.where('organization_id', '=', organizationId) : users).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()),
    count(runs().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()),
    runs().select('collector_usage').where('collector_usage', '!=', '[]').execute(),
  ]);
  return {
    record_count: recordCount, total_conversations: conversations, users: userCount, dag_runs: dagRuns,
    collector_utilisations: collectorUtilisations(usage.map((u) => u.collector_usage)),
  };
}
