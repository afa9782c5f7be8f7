/**
 * Small dialect adapters for the bulk paths: multi-row INSERT statements with positional parameters, compiled by
 * hand (no query-builder cost per row) and run through Kysely's executor, so they join the caller's transaction.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { DialectName } from '@core/server/storage/database';

/** Both engines accept 32766 (SQLite) / 65535 (PostgreSQL) parameters per statement; stay well below. */
const MAX_PARAMETERS = 30_000;

export type Cell = string | number | null;

/** A column of a bulk insert; `wrap` turns its value into an expression (`to_tsvector('simple', $1)`). */
export interface BulkColumn {
  name: string;
  wrap?: (placeholder: string) => string;
  /** PostgreSQL array element type for the UNNEST path (default text). */
  type?: 'text' | 'integer';
}

export function rowsPerStatement(columnCount: number, cap = 500): number {
  return Math.max(1, Math.min(cap, Math.floor(MAX_PARAMETERS / columnCount)));
}

/** SQL texts of recent bulk statements without `wrap`ped columns (a 500-row statement's text is ~50 kB to build). */
const statementTexts = new Map<string, string>();

/** `INSERT INTO table (cols) VALUES (...), (...) <suffix>` for `rows`, placeholders in the dialect's style. */
export function bulkInsertQuery(dialect: DialectName, table: string, columns: readonly BulkColumn[], rows: readonly Cell[][], suffix = ''): CompiledQuery {
  const params: Cell[] = [];
  for (const row of rows) for (let i = 0; i < columns.length; i += 1) params.push(row[i] ?? null);
  const names = columns.map((c) => c.name).join(', ');
  const plain = columns.every((c) => !c.wrap);
  const key = plain ? `${dialect} ${table} ${names} ${rows.length} ${suffix}` : '';
  let text = plain ? statementTexts.get(key) : undefined;
  if (text === undefined) {
    const tuples: string[] = [];
    let n = 0;
    for (let r = 0; r < rows.length; r += 1) {
      const cells: string[] = [];
      for (const column of columns) {
        n += 1;
        const placeholder = dialect === 'postgres' ? `$${n}` : '?';
        cells.push(column.wrap ? column.wrap(placeholder) : placeholder);
      }
      tuples.push(`(${cells.join(', ')})`);
    }
    text = `INSERT INTO ${table} (${names}) VALUES ${tuples.join(', ')}${suffix ? ` ${suffix}` : ''}`;
    if (plain) {
      if (statementTexts.size >= 64) statementTexts.clear();
      statementTexts.set(key, text);
    }
  }
  return CompiledQuery.raw(text, params);
}

/**
 * PostgreSQL: `INSERT INTO table (cols) SELECT ... FROM unnest($1::text[], $2::integer[], ...)`: one array parameter
 * per column whatever the number of rows, so the statement stays small (several times faster than VALUES lists).
 */
export function unnestInsertQuery(table: string, columns: readonly BulkColumn[], rows: readonly Cell[][], suffix = ''): CompiledQuery {
  const arrays = columns.map((_, i) => rows.map((r) => r[i] ?? null));
  const aliases = columns.map((_, i) => `c${i}`);
  const select = columns.map((c, i) => (c.wrap ? c.wrap(`u.${aliases[i]}`) : `u.${aliases[i]}`)).join(', ');
  const sources = columns.map((c, i) => `$${i + 1}::${c.type ?? 'text'}[]`).join(', ');
  const names = columns.map((c) => c.name).join(', ');
  return CompiledQuery.raw(`INSERT INTO ${table} (${names}) SELECT ${select} FROM unnest(${sources}) AS u(${aliases.join(', ')})${suffix ? ` ${suffix}` : ''}`, arrays as unknown[]);
}

/** Runs a bulk insert in chunks; answers the rows every chunk returned (when `suffix` has RETURNING). */
export async function bulkInsert<R = Record<string, unknown>>(
  db: Kysely<any>, dialect: DialectName, table: string, columns: readonly BulkColumn[], rows: readonly Cell[][], suffix = '', cap = 500,
): Promise<R[]> {
  const out: R[] = [];
  if (dialect === 'postgres') {
    for (let i = 0; i < rows.length; i += 5000) {
      const result = await db.executeQuery<R>(unnestInsertQuery(table, columns, rows.slice(i, i + 5000), suffix));
      for (const r of result.rows) out.push(r);
    }
    return out;
  }
  const size = rowsPerStatement(columns.length, cap);
  for (let i = 0; i < rows.length; i += size) {
    const result = await db.executeQuery<R>(bulkInsertQuery(dialect, table, columns, rows.slice(i, i + size), suffix));
    for (const r of result.rows) out.push(r);
  }
  return out;
}

/** `?, ?, ?` or `$k, $k+1, ...` for an IN list starting after `offset` parameters. */
export function placeholders(dialect: DialectName, count: number, offset = 0): string {
  const list: string[] = [];
  for (let i = 1; i <= count; i += 1) list.push(dialect === 'postgres' ? `$${offset + i}` : '?');
  return list.join(', ');
}
