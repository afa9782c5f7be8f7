import crypto from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';

/** Small helpers shared by the benchmarks: medians, percentiles, a printed table, CPU time and memory of the process. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i]!)).join(' | ')} |`;
  process.stdout.write(`\n### ${title}\n\n${line(cols)}\n${line(width.map((w) => '-'.repeat(w)))}\n`);
  for (const r of rows) process.stdout.write(`${line(cols.map((c) => String(r[c])))}\n`);
}

export const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const KB = /^(VmHWM|VmRSS|RssAnon|RssFile):\s+(\d+) kB/gm;
/** VmHWM (peak), VmRSS, RssAnon, RssFile of this process, MB: every thread's memory (they share the address space). */
export function status(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of fs.readFileSync('/proc/self/status', 'utf8').matchAll(KB)) out[m[1]!] = Number(m[2]) / 1024;
  return out;
}
export const vmHwmMb = () => status().VmHWM!;

/**
 * Peak anonymous memory, sampled every 20 ms by a thread of its own (the main thread is busy in synchronous SQL
 * during the read and the write). RSS also counts the SQLite file's pages mapped by `mmap_size` (RssFile): page
 * cache, shared and reclaimable, up to the database's size. `take()` answers the peaks since the last take.
 */
export function memorySampler() {
  const peaks = new Float64Array(new SharedArrayBuffer(16));
  const worker = new Worker(`
    const { workerData } = require('node:worker_threads');
    const fs = require('node:fs');
    const peaks = new Float64Array(workerData);
    setInterval(() => {
      const s = fs.readFileSync('/proc/self/status', 'utf8');
      const kb = (k) => Number(s.split(k + ':')[1].trim().split(' ')[0]) / 1024;
      peaks[0] = Math.max(peaks[0], kb('RssAnon'));
      peaks[1] = Math.max(peaks[1], kb('VmRSS'));
    }, 20);`, { eval: true, workerData: peaks.buffer });
  worker.unref();
  return {
    take() { const now = status(); const out = { anonMb: Math.max(peaks[0]!, now.RssAnon!), rssMb: Math.max(peaks[1]!, now.VmRSS!) }; peaks[0] = now.RssAnon!; peaks[1] = now.VmRSS!; return out; },
    stop: () => worker.terminate(),
  };
}

/**
 * Rows of every table with a `run_id` column for the run, and an order-independent hash of their contents (the sum
 * of each row's SHA-256 prefix, mod 2^64) with what differs between two runs of the same input left out: the run
 * id, timestamps (`*_at` columns, ISO times in values), UUIDs (random ids), durations and stage timings.
 */
export function storedRows(file: string, runId: string, only?: RegExp): Record<string, { rows: number; hash: string }> {
  const raw = new Database(file, { readonly: true });
  const out: Record<string, { rows: number; hash: string }> = {};
  const tables = raw.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%' order by name`).pluck().all() as string[];
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
  const TIMINGS = /\\"timings_?[mM]s\\":\{[^}]*\},?/g; // stage timings inside stats JSON
  for (const table of tables) {
    const cols = (raw.prepare(`select name from pragma_table_info(?)`).pluck().all(table) as string[]);
    // Per-post tables of enrichment (no run id): the copied database had none of their rows before the run.
    const perRun = cols.includes('run_id');
    if (table.startsWith('core_pipeline') || (!perRun && !/^(enrichment|urls)_/.test(table)) || (only && !only.test(table))) continue;
    const kept = cols.filter((c) => c !== 'run_id' && !c.endsWith('_at') && c !== 'query_duration');
    let sum = 0n;
    let rows = 0;
    const select = raw.prepare(`select ${kept.map((c) => `"${c}"`).join(', ')} from "${table}"${perRun ? ' where run_id = ?' : ''}`).raw();
    for (const r of (perRun ? select.iterate(runId) : select.iterate()) as Iterable<unknown[]>) {
      const text = JSON.stringify(r).replace(UUID, 'uuid').replace(ISO, 'ts').replace(TIMINGS, '');
      sum = (sum + crypto.createHash('sha256').update(text).digest().readBigUInt64BE(0)) & 0xffffffffffffffffn;
      rows++;
    }
    if (rows) out[table] = { rows, hash: sum.toString(16).padStart(16, '0') };
  }
  raw.close();
  return out;
}
