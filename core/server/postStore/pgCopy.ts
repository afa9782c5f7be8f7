/**
 * PostgreSQL's bulk path of the post store (issue 19, docs/adr/0020-postgres-import-copy.md): rows go to the server
 * as one `COPY ... FROM STDIN` stream in text format instead of `unnest` array parameters. Rows that cannot conflict
 * (a new post's URLs, hashtags, mentions) are copied straight into their table; rows that need `ON CONFLICT`,
 * `RETURNING` or an expression (`to_tsvector`) are copied into a temporary staging table of the session and moved
 * with one `INSERT ... SELECT`.
 *
 * The COPY runs on the caller's transaction: pg's `Client#query` takes a "submittable" (an object with `submit`),
 * which is what pg-copy-streams' stream is, and Kysely hands a compiled query's `sql` to that method unchanged, so
 * the stream is submitted on the transaction's own connection, between its other statements.
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { BulkColumn, Cell } from './sql';

/** Rows encoded per write to the stream (~0.5-1 MB of posts). */
const ROWS_PER_CHUNK = 1000;

const SPECIAL = /[\\\t\n\r\0]/;
const ESCAPED = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One cell in COPY's text format: `\N` for null, backslash, tab, newline and carriage return escaped. A NUL cannot
 * be stored in PostgreSQL text (its parameters refuse it too); it is refused here with the column's name.
 */
export function copyField(cell: Cell | undefined, column: string): string {
  if (cell === null || cell === undefined) return '\\N';
  if (typeof cell === 'number') return String(cell);
  if (!SPECIAL.test(cell)) return cell;
  if (cell.includes('\0')) throw new Error(`COPY ${column}: text holds a NUL character, which PostgreSQL does not store`);
  return cell.replace(ESCAPED, (c) => ESCAPES[c]!);
}

/** The rows as COPY text lines, a chunk at a time; `numbered` starts each line with the row's index. */
function* copyText(columns: readonly BulkColumn[], rows: readonly Cell[][], numbered: boolean): Generator<string> {
  const width = columns.length;
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    let text = '';
    const end = Math.min(rows.length, start + ROWS_PER_CHUNK);
    for (let r = start; r < end; r += 1) {
      const row = rows[r]!;
      let line = numbered ? `${r}\t${copyField(row[0], columns[0]!.name)}` : copyField(row[0], columns[0]!.name);
      for (let i = 1; i < width; i += 1) line += `\t${copyField(row[i], columns[i]!.name)}`;
      text += `${line}\n`;
    }
    yield text;
  }
}

/**
 * `COPY target (columns) FROM STDIN` with `rows`, on the transaction `db`. `before` is a statement sent in the same
 * query message (no parameters, so PostgreSQL's simple protocol runs both): one round trip fewer.
 */
async function copyRows(
  db: Kysely<any>, target: string, names: string, columns: readonly BulkColumn[], rows: readonly Cell[][], numbered = false, before = '',
): Promise<void> {
  const stream = copyFrom(`${before ? `${before}; ` : ''}COPY ${target} (${names}) FROM STDIN`);
  const done = finished(stream);
  done.catch(() => undefined); // awaited below; an early refusal must not be an unhandled rejection
  await db.executeQuery(CompiledQuery.raw(stream as unknown as string));
  try {
    for (const text of copyText(columns, rows, numbered)) {
      if (!stream.write(text)) await once(stream, 'drain');
    }
  } catch (error) {
    // Unsendable input (a NUL): CopyFail ends the COPY on the server, which refuses the transaction.
    stream.destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  stream.end();
  await done;
}

const stageName = (table: string) => `narrascope_stage_${table}`;
/** Stages created on some connection of this process, by name: their column lists, so a differing one is caught. */
const stageColumns = new Map<string, string>();
/** Stages already filled in a transaction (`db`): a second use in the same transaction empties it first. */
const usedIn = new WeakMap<object, Set<string>>();

/**
 * `bulkInsert` on PostgreSQL through COPY, inside the transaction `db`: `INSERT INTO table (columns) <rows> <suffix>`
 * and the rows `RETURNING` in `suffix` answered. Without `suffix` or `wrap`ped columns the rows are copied straight
 * into `table`; otherwise into the session's staging table for `table` (temporary, no indexes, emptied at each
 * commit, created on first use), then moved in input order by one `INSERT ... SELECT`.
 */
export async function copyInsert<R = Record<string, unknown>>(
  db: Kysely<any>, table: string, columns: readonly BulkColumn[], rows: readonly Cell[][], suffix = '',
): Promise<R[]> {
  if (rows.length === 0) return [];
  if (!db.isTransaction) throw new Error('copyInsert runs inside a transaction (its COPY and INSERT share the connection)');
  const names = columns.map((c) => c.name).join(', ');
  if (!suffix && columns.every((c) => !c.wrap)) {
    await copyRows(db, table, names, columns, rows);
    return [];
  }
  const stage = stageName(table);
  const definition = `n integer, ${columns.map((c, i) => `c${i} ${c.type ?? 'text'}`).join(', ')}`;
  const known = stageColumns.get(stage);
  if (known !== undefined && known !== definition) throw new Error(`copyInsert: ${table} staged with two column lists`);
  stageColumns.set(stage, definition);
  const used = usedIn.get(db) ?? new Set<string>();
  usedIn.set(db, used);
  // Kept by the session (a pooled connection) for its next batches, so the catalogue is not written per batch;
  // ON COMMIT DELETE ROWS empties it at each commit (a rollback takes its rows away too).
  const prepare = used.has(stage) ? `DELETE FROM ${stage}` : `CREATE TEMP TABLE IF NOT EXISTS ${stage} (${definition}) ON COMMIT DELETE ROWS`;
  used.add(stage);
  await copyRows(db, stage, `n, ${columns.map((_, i) => `c${i}`).join(', ')}`, columns, rows, true, prepare);
  // Rows reach the table, and take their ids, in input order. The stage's heap alone does not keep it: a row that
  // does not fit the current page may go to an earlier page with room (the free space map; a 30,000-post import's
  // actors came back out of order). Sorting a batch by its row number measured under 0.5 µs a row.
  const select = columns.map((c, i) => (c.wrap ? c.wrap(`s.c${i}`) : `s.c${i}`)).join(', ');
  const result = await db.executeQuery<R>(CompiledQuery.raw(
    `INSERT INTO ${table} (${names}) SELECT ${select} FROM ${stage} s ORDER BY s.n${suffix ? ` ${suffix}` : ''}`,
  ));
  return result.rows;
}
