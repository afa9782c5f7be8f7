/**
 * The local archive's search on SQLite, run in a worker thread (`WorkerPool.run(url, 'countMatchingInThread', ...)`
 * from localArchive.ts): FTS5 and the matcher are synchronous, and a heavy query (500 terms, or a broad one over a
 * large corpus) held the server's event loop for seconds. The thread opens its own read-only connection to the
 * database file (WAL: it reads while the server's connection writes) and keeps it for the next call. Plain data in
 * and out; the same answers as localArchive.ts's in-process search.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { PlatformCount } from '@core/server/pipeline/collectors';
import { compileMatcher } from '../../../../core/shared/query';
import { PLATFORM_KEYS } from '../../../../core/shared/platforms/catalogue';
import { matchableText } from '../../../../core/server/postStore/text';
import { MMAP_BYTES, unmapTouchedPages } from '../../../../core/server/storage/memoryMap';
import { TEXT_CHUNK, archiveSearch, byPlatform, newestFirst, sortCounts, type ArchiveSearch, type PlainArchiveQuery } from './archiveSearch';

/** Candidates from which a read counts as bulk (a run's links rather than a preview). */
const BULK_READ = 50_000;

export interface ThreadInput {
  /** The SQLite database file (`Storage.sqliteFile`). */
  file: string;
  query: PlainArchiveQuery;
}

/** Matching posts, newest first, packed for the trip back (a million posts would be a million objects). */
export interface PackedPosts {
  ids: Float64Array;
  /** Index into `platforms` of each post's platform. */
  platformOf: Uint16Array;
  platforms: string[];
}

/** Matching posts per platform: the live preview. */
export function countMatchingInThread({ file, query }: ThreadInput): PlatformCount[] {
  const search = archiveSearch('sqlite', query);
  if (!search) return [];
  if (query.recordLimit != null) return byPlatform(unpack(matchingPostsInThread({ file, query })));
  const db = connection(file);
  const source = sourceOf(search);
  if (search.candidates.exact) {
    const rows = db.prepare<unknown[], { platform: string; n: number }>(`select p.platform, count(*) as n ${source.text} group by p.platform`).all(...source.params);
    return sortCounts(rows.map((r) => ({ platform: r.platform, count: Number(r.n) })));
  }
  // Counting needs no order: the candidates stream by, and each row returned is a point where the thread can be stopped.
  const matches = compileMatcher(query.query);
  const counts = new Map<string, number>();
  const candidates = db.prepare<unknown[], { platform: string; title: string | null; subject: string | null; body: string | null }>(
    `select p.platform, p.title, p.subject, p.body ${source.text}`);
  for (const row of candidates.iterate(...source.params)) {
    if (matches(matchableText(row))) counts.set(row.platform, (counts.get(row.platform) ?? 0) + 1);
  }
  return sortCounts([...counts].map(([platform, count]) => ({ platform, count })));
}

/**
 * The matching posts' ids and platforms, newest first (or in any order with `anyOrder` and no limit), at most
 * `recordLimit`: what a run links.
 */
export function matchingPostsInThread({ file, query }: ThreadInput): PackedPosts {
  const search = archiveSearch('sqlite', query);
  if (!search) return pack([]);
  const db = connection(file);
  const source = sourceOf(search);
  const order = newestFirst(query) ? ' order by p.published_at desc, p.id desc' : '';
  let read = 0;
  try {
    if (search.candidates.exact) {
      const limited = query.recordLimit != null;
      // one read transaction: a platform outside the catalogue is read by id from the same snapshot
      return db.transaction(() => {
        const codes = db.prepare<unknown[], number>(`select p.id * ${PLATFORM_SLOTS} + ${PLATFORM_CODE} ${source.text}${order}${limited ? ' limit ?' : ''}`)
          .pluck().all(...source.params, ...(limited ? [query.recordLimit] : []));
        read = codes.length;
        return unpackCodes(db, codes);
      })();
    }
    const candidates = db.prepare<unknown[], { id: number; platform: string }>(`select p.id, p.platform ${source.text}${order}`).all(...source.params);
    read = candidates.length;
    return pack(matching(db, query, candidates));
  } finally {
    // A run's links read a large part of the posts table: its pages leave this thread's resident set (memoryMap.ts).
    if (read >= BULK_READ) unmapTouchedPages(db);
  }
}

/**
 * An exact search answers each match as one number, its id times PLATFORM_SLOTS plus its platform's place in the
 * catalogue: better-sqlite3 hands over plain numbers far faster than row objects (3,962,939 matches: 2.5 s against
 * 7 s, the objects' garbage growing faster than the run; docs/benchmarks.md, "Collect at 5M").
 */
const PLATFORM_SLOTS = 32;
/** The code of a platform key outside the catalogue (none is stored by the importer or the collectors). */
const OTHER_PLATFORM = PLATFORM_SLOTS - 1;
const PLATFORM_CODE = `(case p.platform ${PLATFORM_KEYS.map((key, i) => `when '${key}' then ${i}`).join(' ')} else ${OTHER_PLATFORM} end)`;

function unpackCodes(db: Database.Database, codes: readonly number[]): PackedPosts {
  const ids = new Float64Array(codes.length);
  const platformOf = new Uint16Array(codes.length);
  const platforms: string[] = [];
  const slotAt = new Int32Array(PLATFORM_SLOTS).fill(-1);
  const others: number[] = [];
  codes.forEach((value, i) => {
    const slot = value % PLATFORM_SLOTS;
    ids[i] = (value - slot) / PLATFORM_SLOTS;
    if (slot === OTHER_PLATFORM) { others.push(i); return; }
    if (slotAt[slot]! < 0) slotAt[slot] = platforms.push(PLATFORM_KEYS[slot]!) - 1;
    platformOf[i] = slotAt[slot]!;
  });
  if (others.length > 0) {
    const known = new Map(platforms.map((platform, at) => [platform, at]));
    const platformOfId = new Map<number, string>();
    for (let i = 0; i < others.length; i += TEXT_CHUNK) {
      const chunk = others.slice(i, i + TEXT_CHUNK).map((k) => ids[k]!);
      const rows = db.prepare<unknown[], { id: number; platform: string }>(
        `select id, platform from posts_posts where id in (${chunk.map(() => '?').join(', ')})`).all(...chunk);
      for (const row of rows) platformOfId.set(Number(row.id), row.platform);
    }
    for (const k of others) {
      const platform = platformOfId.get(ids[k]!)!;
      let at = known.get(platform);
      if (at === undefined) known.set(platform, (at = platforms.push(platform) - 1));
      platformOf[k] = at;
    }
  }
  return { ids, platformOf, platforms };
}

/** The candidates whose text matches the query, in their order, at most `recordLimit`. */
function matching(db: Database.Database, query: PlainArchiveQuery, candidates: { id: number; platform: string }[]): { id: number; platform: string }[] {
  const matches = compileMatcher(query.query);
  const out: { id: number; platform: string }[] = [];
  const limit = query.recordLimit ?? Infinity;
  for (let i = 0; i < candidates.length && out.length < limit; i += TEXT_CHUNK) {
    const chunk = candidates.slice(i, i + TEXT_CHUNK);
    const texts = db.prepare<unknown[], { id: number; title: string | null; subject: string | null; body: string | null }>(
      `select id, title, subject, body from posts_posts where id in (${chunk.map(() => '?').join(', ')})`).all(...chunk.map((c) => c.id));
    const byId = new Map(texts.map((r) => [Number(r.id), r]));
    for (const c of chunk) {
      const row = byId.get(Number(c.id));
      if (row && matches(matchableText(row))) out.push(c);
      if (out.length >= limit) break;
    }
  }
  return out;
}

export interface MatchInput {
  query: PlainArchiveQuery['query'];
  /** `matchableText` of each post, null for a post that is gone. */
  texts: (string | null)[];
}

/** Which texts match the query (1) or not (0): the matcher for a search whose database is elsewhere (PostgreSQL). */
export function matchTexts({ query, texts }: MatchInput): Uint8Array {
  const matches = compileMatcher(query);
  return Uint8Array.from(texts, (text) => (text !== null && matches(text) ? 1 : 0));
}

export function pack(posts: readonly { id: number; platform: string }[]): PackedPosts {
  const platforms: string[] = [];
  const index = new Map<string, number>();
  const ids = new Float64Array(posts.length);
  const platformOf = new Uint16Array(posts.length);
  posts.forEach((p, i) => {
    let at = index.get(p.platform);
    if (at === undefined) {
      at = platforms.push(p.platform) - 1;
      index.set(p.platform, at);
    }
    ids[i] = Number(p.id);
    platformOf[i] = at;
  });
  return { ids, platformOf, platforms };
}

export function unpack(packed: PackedPosts): { id: number; platform: string }[] {
  return Array.from(packed.ids, (id, i) => ({ id, platform: packed.platforms[packed.platformOf[i]!]! }));
}

/** `from ... where ...` of the candidates, with `?` parameters (the SQLite half of localArchive.ts's candidateSource). */
function sourceOf(search: ArchiveSearch): { text: string; params: unknown[] } {
  const conditions = ['p.organization_id = ?'];
  const params: unknown[] = [search.organizationId];
  if (search.start) { conditions.push('p.published_at >= ?'); params.push(search.start); }
  if (search.end) { conditions.push('p.published_at < ?'); params.push(search.end); }
  if (search.language) { conditions.push('(p.language = ? or p.language is null)'); params.push(search.language); }
  const where = conditions.join(' and ');
  if (search.candidates.kind === 'all') return { text: `from posts_posts p where ${where}`, params };
  // CROSS JOIN fixes the order: the index answers first, then each candidate is looked up by rowid.
  return {
    text: `from posts_search s cross join posts_posts p on p.id = s.rowid where posts_search match ? and ${where}`,
    params: [search.candidates.expression, ...params],
  };
}

interface OpenDatabase { db: Database.Database; dev: number; ino: number }

/** Connections by file, least recently used first: one per server's database (tests start many). */
const open = new Map<string, OpenDatabase>();
const MAX_OPEN = 4;

function connection(file: string): Database.Database {
  const stat = fs.statSync(file);
  let entry = open.get(file);
  // A file deleted and created again at the same path is another database.
  if (entry && (entry.dev !== stat.dev || entry.ino !== stat.ino)) {
    entry.db.close();
    open.delete(file);
    entry = undefined;
  }
  if (!entry) {
    forgetGoneFiles();
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    // As the server's connection (core/server/storage/database.ts): reads through a memory map.
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
    entry = { db, dev: stat.dev, ino: stat.ino };
  }
  open.delete(file);
  open.set(file, entry);
  while (open.size > MAX_OPEN) {
    const [oldest, { db }] = open.entries().next().value!;
    db.close();
    open.delete(oldest);
  }
  return entry.db;
}

function forgetGoneFiles(): void {
  for (const [file, entry] of open) {
    if (fs.existsSync(file)) continue;
    entry.db.close();
    open.delete(file);
  }
}
