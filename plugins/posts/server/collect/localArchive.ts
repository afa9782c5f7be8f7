/**
 * The local archive: answers a conversation's query from the organisation's stored posts. Candidates come from
 * the full-text index (FTS5 on SQLite, tsvector on PostgreSQL); when the index's answer is not exact,
 * `compileMatcher` decides. Dates are a half-open range [start, end) as in core/server/pipeline/collectors.ts;
 * language and record_limit (newest posts first) apply. Used by the `posts.collect` stage and by the
 * `core.storedPosts` service (live preview, linking).
 *
 * Neither FTS5 nor the matcher runs on the server's event loop (issue 18, finding 2): on SQLite the whole search runs
 * in a query thread with its own read-only connection (archiveThread.ts); on PostgreSQL the database works on its
 * own and the matcher runs in a query thread. A preview has a time budget (NARRASCOPE_QUERY_TIME_BUDGET_MS): past it
 * the thread is terminated (and on PostgreSQL the statement stopped by `statement_timeout`), and the search rejects
 * with `QueryTooSlowError`. A run's collect step has no budget; cancelling the run stops its search.
 */
import os from 'node:os';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { QueryTooSlowError, type PlatformCount } from '@core/server/pipeline/collectors';
import { WorkerPool, WorkerTimeoutError } from '@core/server/pipeline/workerThread';
import type { DialectName, Storage } from '@core/server/storage/database';
import { compileMatcher, type Matcher } from '@core/shared/query';
import { matchableText } from '@core/server/postStore/normalize';
import { TEXT_CHUNK, archiveSearch, byPlatform, newestFirst, sortCounts, type ArchiveQuery, type ArchiveSearch, type PlainArchiveQuery } from './archiveSearch';
import { writeRunLinks } from './runLinks';
import { pack, unpack, type MatchInput, type PackedPosts, type ThreadInput } from './archiveThread';

export type { ArchiveQuery } from './archiveSearch';

export interface SearchOptions {
  /** Longest the search may take (ms); past it, it stops and rejects with `QueryTooSlowError`. Unset: no limit. */
  timeBudgetMs?: number | null;
}

/**
 * The query threads (archiveThread.ts): on SQLite with a database file the whole search, on PostgreSQL the matcher.
 * Two stay warm (modules loaded, connection open) for good: the next preview, and one beside a heavy search;
 * more start as calls overlap (about half a second each) and exit after 30 s idle. A thread stopped at its budget
 * counts until it has exited: one inside a long FTS5 statement exits when that statement returns. Past
 * `maxThreads` a preview waits for a thread, at most its budget.
 */
const queryThreads = new WorkerPool({ maxThreads: Math.max(4, os.availableParallelism()), keepIdle: 2 });
const THREAD_MODULE = new URL('./archiveThread.ts', import.meta.url);

/** The database file a query thread searches (SQLite with a file); null: the database is searched from here. */
const threadFile = (storage: Storage) => (storage.dialect === 'sqlite' ? storage.sqliteFile ?? null : null);

/** `from ... where ...` selecting the organisation's candidate posts. */
function candidateSource(dialect: DialectName, search: ArchiveSearch): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`p.organization_id = ${search.organizationId}`];
  if (search.start) conditions.push(sql`p.published_at >= ${search.start}`);
  if (search.end) conditions.push(sql`p.published_at < ${search.end}`);
  if (search.language) conditions.push(sql`(p.language = ${search.language} or p.language is null)`);
  const where = sql.join(conditions, sql` and `);
  const candidates = search.candidates;
  if (candidates.kind === 'all') return sql`from posts_posts p where ${where}`;
  if (dialect === 'sqlite') {
    // CROSS JOIN fixes the order: the index answers first, then each candidate is looked up by rowid. A plain join
    // lets SQLite walk the organisation's date range and run the MATCH once per post (700x slower on 20k posts).
    return sql`from posts_search s cross join posts_posts p on p.id = s.rowid where posts_search match ${candidates.expression} and ${where}`;
  }
  return sql`from posts_posts p where p.search_vector @@ to_tsquery('simple', ${candidates.expression}) and ${where}`;
}

/** The matching posts' ids and platforms, newest first (any order with `anyOrder` and no limit), at most `recordLimit`. */
export async function matchingPosts(storage: Storage, q: ArchiveQuery, opts: SearchOptions = {}): Promise<{ id: number; platform: string }[]> {
  return unpack(await matchingPacked(storage, q, opts));
}

/** `matchingPosts` packed (ids and platform indexes in typed arrays): a run of millions of posts without an object each. */
async function matchingPacked(storage: Storage, q: ArchiveQuery, opts: SearchOptions = {}): Promise<PackedPosts> {
  const file = threadFile(storage);
  if (file) {
    const packed = await inThread<PackedPosts>('matchingPostsInThread', file, q, opts.timeBudgetMs);
    q.progress?.(1);
    return packed;
  }
  const offThread = await matcherThreadReady(storage, q, opts.timeBudgetMs);
  return pack(await withinBudget(storage, opts.timeBudgetMs, (db, deadline) => matchingHere(db, storage.dialect, q, deadline, offThread)));
}

/** Matching stored posts per platform (the live preview). */
export async function countMatching(storage: Storage, q: ArchiveQuery, opts: SearchOptions = {}): Promise<PlatformCount[]> {
  const file = threadFile(storage);
  if (file) return inThread<PlatformCount[]>('countMatchingInThread', file, q, opts.timeBudgetMs);
  const offThread = await matcherThreadReady(storage, q, opts.timeBudgetMs);
  return withinBudget(storage, opts.timeBudgetMs, (db, deadline) => countHere(db, storage.dialect, q, deadline, offThread));
}

/**
 * PostgreSQL: whether the matcher runs in a query thread (always), after making sure one is started, so that its
 * start-up (about half a second the first time) is not counted in the budget. Waiting for a free thread is limited
 * to the budget.
 */
async function matcherThreadReady(storage: Storage, q: ArchiveQuery, budgetMs: number | null | undefined): Promise<boolean> {
  if (storage.dialect !== 'postgres') return false;
  const search = archiveSearch(storage.dialect, q);
  if (!search || search.candidates.exact) return true;
  try {
    await queryThreads.run<MatchInput, Uint8Array>(THREAD_MODULE, 'matchTexts', { query: q.query, texts: [] }, {
      signal: q.signal, ...(budgetMs ? { timeoutMs: budgetMs } : {}),
    });
  } catch (error) {
    if (error instanceof WorkerTimeoutError) throw new QueryTooSlowError(error.timeoutMs);
    throw error;
  }
  return true;
}

/**
 * `countMatching` wholly on the event loop, without a budget: what the search did before it moved off the event loop
 * (issue 18, finding 2), kept as the reference the threads' answers are checked against, and for an in-memory SQLite
 * database.
 */
export async function countMatchingHere(storage: Storage, q: ArchiveQuery): Promise<PlatformCount[]> {
  return countHere(storage.db as unknown as Kysely<any>, storage.dialect, q, null);
}

/**
 * Runs one of archiveThread.ts's functions in a query thread. The budget counts from the moment the thread starts
 * the search (a thread's first start-up, about half a second, is not counted); waiting for a free thread is limited
 * to the budget as well. Past either, the thread is terminated and the call rejects with `QueryTooSlowError`.
 */
async function inThread<O>(exportName: string, file: string, q: ArchiveQuery, budgetMs: number | null | undefined): Promise<O> {
  const { signal, progress: _progress, ...query } = q;
  const input: ThreadInput = { file, query: query satisfies PlainArchiveQuery };
  try {
    return await queryThreads.run<ThreadInput, O>(THREAD_MODULE, exportName, input, { signal, ...(budgetMs ? { timeoutMs: budgetMs } : {}) });
  } catch (error) {
    if (error instanceof WorkerTimeoutError) throw new QueryTooSlowError(error.timeoutMs);
    throw error;
  }
}

interface Deadline { at: number; budgetMs: number }

/** The in-process matcher gives the event loop a turn after this long. */
const YIELD_AFTER_MS = 10;

function checkDeadline(deadline: Deadline | null): void {
  if (deadline && Date.now() > deadline.at) throw new QueryTooSlowError(deadline.budgetMs);
}

/**
 * The in-process search within a time budget: on PostgreSQL in a transaction whose statements time out with the
 * budget (`statement_timeout`, so the server stops the query, not only this process waiting for it), and on both
 * a check of the deadline between chunks of the matcher.
 */
async function withinBudget<T>(storage: Storage, budgetMs: number | null | undefined, fn: (db: Kysely<any>, deadline: Deadline | null) => Promise<T>): Promise<T> {
  const db = storage.db as unknown as Kysely<any>;
  if (!budgetMs) return fn(db, null);
  const deadline = { at: Date.now() + budgetMs, budgetMs };
  if (storage.dialect !== 'postgres') return fn(db, deadline);
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select set_config('statement_timeout', ${String(budgetMs)}, true)`.execute(trx);
      return fn(trx, deadline);
    });
  } catch (error) {
    // 57014 query_canceled: the statement ran past statement_timeout.
    if ((error as { code?: string }).code === '57014') throw new QueryTooSlowError(budgetMs, { cause: error });
    throw error;
  }
}

type TextRow = { title: string | null; subject: string | null; body: string | null };

/** Which of a chunk's posts match (null: the post is gone). */
type Decide = (rows: readonly (TextRow | null)[]) => Promise<boolean[]>;

/** The matcher here, on the event loop: it lets other requests in every ~10 ms (a heavy one takes ~50 µs a post). */
function decideHere(q: ArchiveQuery, deadline: Deadline | null): Decide {
  const matches: Matcher = compileMatcher(q.query);
  return async (rows) => {
    const out: boolean[] = [];
    let ranSince = performance.now();
    for (const row of rows) {
      out.push(row !== null && matches(matchableText(row)));
      if ((out.length & 63) === 0 && performance.now() - ranSince > YIELD_AFTER_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        ranSince = performance.now();
        q.signal?.throwIfAborted();
        checkDeadline(deadline);
      }
    }
    return out;
  };
}

/** The matcher in a query thread (PostgreSQL: the database works on its own, the matcher is this process's CPU). */
function decideInThread(q: ArchiveQuery, deadline: Deadline | null): Decide {
  return async (rows) => {
    const texts = rows.map((row) => (row ? matchableText(row) : null));
    const timeoutMs = deadline ? Math.max(1, deadline.at - Date.now()) : undefined;
    try {
      const verdicts = await queryThreads.run<MatchInput, Uint8Array>(THREAD_MODULE, 'matchTexts', { query: q.query, texts }, {
        signal: q.signal, ...(timeoutMs === undefined ? {} : { timeoutMs }),
      });
      return Array.from(verdicts, (v) => v === 1);
    } catch (error) {
      if (error instanceof WorkerTimeoutError && deadline) throw new QueryTooSlowError(deadline.budgetMs);
      throw error;
    }
  };
}

/**
 * The search with the database here: candidates by the full-text index, then, unless the index's answer is exact,
 * the matcher on each candidate's text (`offThread`: in a query thread).
 */
async function matchingHere(
  db: Kysely<any>, dialect: DialectName, q: ArchiveQuery, deadline: Deadline | null, offThread = false,
): Promise<{ id: number; platform: string }[]> {
  const search = archiveSearch(dialect, q);
  if (!search) return [];
  const source = candidateSource(dialect, search);
  const exact = search.candidates.exact;
  const limit = exact && q.recordLimit != null ? sql`limit ${q.recordLimit}` : sql``;
  const order = newestFirst(q) ? sql`order by p.published_at desc, p.id desc` : sql``;
  const rows = (await sql<{ id: number; platform: string }>`select p.id, p.platform ${source} ${order} ${limit}`.execute(db)).rows;
  const candidates = rows.map((r) => ({ id: Number(r.id), platform: r.platform }));
  if (exact) {
    q.progress?.(1);
    return candidates;
  }
  const decide = offThread ? decideInThread(q, deadline) : decideHere(q, deadline);
  const out: { id: number; platform: string }[] = [];
  for (let i = 0; i < candidates.length; i += TEXT_CHUNK) {
    q.signal?.throwIfAborted();
    checkDeadline(deadline);
    const chunk = candidates.slice(i, i + TEXT_CHUNK);
    const texts = await db.selectFrom('posts_posts').select(['id', 'title', 'subject', 'body']).where('id', 'in', chunk.map((c) => c.id)).execute();
    const byId = new Map(texts.map((r) => [Number(r.id), r as TextRow]));
    const verdicts = await decide(chunk.map((c) => byId.get(c.id) ?? null));
    for (const [k, c] of chunk.entries()) {
      if (verdicts[k]) out.push(c);
      if (q.recordLimit != null && out.length >= q.recordLimit) break;
    }
    q.progress?.(Math.min(1, (i + chunk.length) / candidates.length));
    if (q.recordLimit != null && out.length >= q.recordLimit) break;
  }
  q.progress?.(1);
  return out;
}

async function countHere(
  db: Kysely<any>, dialect: DialectName, q: ArchiveQuery, deadline: Deadline | null, offThread = false,
): Promise<PlatformCount[]> {
  const search = archiveSearch(dialect, q);
  if (!search) return [];
  if (search.candidates.exact && q.recordLimit == null) {
    const rows = (await sql<{ platform: string; n: number }>`select p.platform, count(*) as n ${candidateSource(dialect, search)} group by p.platform`.execute(db)).rows;
    return sortCounts(rows.map((r) => ({ platform: r.platform, count: Number(r.n) })));
  }
  return byPlatform(await matchingHere(db, dialect, q, deadline, offThread));
}

/**
 * Links the matching posts to a run (idempotent); answers how many match and their platforms. The links are written
 * in post id order, whatever order the search answered in (runLinks.ts): newest first, the writes hit the (run_id,
 * post_id) key all over, and at 4M posts the stage took 7.8x its 1M time (docs/benchmarks.md, "Collect and Core NLP
 * at 5M, round 7").
 */
export async function linkMatching(storage: Storage, q: ArchiveQuery & { runId: string }): Promise<{ linked: number; byPlatform: PlatformCount[] }> {
  const packed = await matchingPacked(storage, { ...q, anyOrder: true });
  const ids = Float64Array.from(packed.ids).sort();
  const linked = await writeRunLinks(storage.db as unknown as Kysely<any>, storage.dialect, q.runId, q.organizationId, ids);
  const counts = new Uint32Array(packed.platforms.length);
  for (const at of packed.platformOf) counts[at] = counts[at]! + 1;
  return { linked, byPlatform: sortCounts(packed.platforms.map((platform, at) => ({ platform, count: counts[at]! }))) };
}
