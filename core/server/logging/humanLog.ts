import { Writable } from 'node:stream';

/**
 * Logs for people (`npm start` in a terminal): one line per event, `HH:MM:SS LEVEL message key=value ...`, instead of
 * pino's JSON lines. Requests read as `GET /path → 200 (12 ms)`; an error adds its stack below. Redaction already
 * happened in pino (this only formats what pino wrote). JSON stays the format for files and log collectors.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<string, string> = { TRACE: '90', DEBUG: '90', INFO: '36', WARN: '33', ERROR: '31', FATAL: '35' };
/** pino's own fields, and Fastify's request bookkeeping, shown in the line's head or not at all. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err', 'v']);

interface Entry {
  level?: number; time?: number; msg?: string; err?: { message?: string; stack?: string };
  req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number;
  [key: string]: unknown;
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toISOString().slice(11, 19);

function valueText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** One JSON log line as people read it, or null for a line to leave out (a request's start: its end says more). */
export function humanLine(json: string, colours = false): string | null {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json.replace(/\n$/, '');
  }
  if (entry.msg === 'incoming request') return null;
  const level = LEVELS[entry.level ?? 30] ?? 'INFO';
  const paint = (text: string) => (colours ? `\u001b[${COLOURS[level]}m${text}\u001b[0m` : text);
  const message = entry.msg === 'request completed' && entry.res
    ? `${entry.req?.method ?? ''} ${entry.req?.url ?? ''} → ${entry.res.statusCode ?? '?'}${entry.responseTime === undefined ? '' : ` (${Math.round(entry.responseTime)} ms)`}`.trim()
    : entry.msg ?? '';
  const fields = Object.entries(entry).filter(([k]) => !HIDDEN.has(k)).map(([k, v]) => `${k}=${valueText(v)}`);
  const head = `${clock(entry.time)} ${paint(level.padEnd(5))} ${message}${fields.length ? ` ${fields.join(' ')}` : ''}`;
  const error = entry.err ? `\n${(entry.err.stack ?? entry.err.message ?? '').split('\n').map((l) => `    ${l}`).join('\n')}` : '';
  return head + error;
}

/** A pino destination writing human lines to `out` (process.stdout by default). */
export function humanLogStream(out: NodeJS.WritableStream = process.stdout, colours = (out as NodeJS.WriteStream).isTTY === true): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      let end = pending.indexOf('\n');
      while (end >= 0) {
        const line = humanLine(pending.slice(0, end), colours);
        if (line !== null) out.write(`${line}\n`);
        pending = pending.slice(end + 1);
        end = pending.indexOf('\n');
      }
      done();
    },
  });
}

/** Whether `npm start` should log for people: asked for, or `auto` with a terminal on stdout. */
export function logsForPeople(format: 'auto' | 'pretty' | 'json', stdoutIsTerminal = process.stdout.isTTY === true): boolean {
  return format === 'pretty' || (format === 'auto' && stdoutIsTerminal);
}
