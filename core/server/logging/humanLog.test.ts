import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { humanLine, humanLogStream, logsForPeople } from './humanLog';

const at = Date.parse('2026-11-26T19:58:03.120Z');

describe('logs for people', () => {
  it('writes one line per event: time, level, message, then the fields', () => {
    expect(humanLine(JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', msg: 'Narrascope is listening', url: 'http://127.0.0.1:8080', storage: 'sqlite data/narrascope.db' })))
      .toBe('19:58:03 INFO  Narrascope is listening url=http://127.0.0.1:8080 storage="sqlite data/narrascope.db"');
    expect(humanLine(JSON.stringify({ level: 40, time: at, msg: 'idle database connection lost', attempt: 2 }))).toBe('19:58:03 WARN  idle database connection lost attempt=2');
  });

  it('reads a request as method, path, status and duration, and leaves out its start', () => {
    expect(humanLine(JSON.stringify({ level: 30, time: at, reqId: 'req-1', msg: 'incoming request', req: { method: 'GET', url: '/api/v2/user/current' } }))).toBeNull();
    expect(humanLine(JSON.stringify({ level: 30, time: at, reqId: 'req-1', msg: 'request completed', req: { method: 'GET', url: '/api/v2/user/current' }, res: { statusCode: 200 }, responseTime: 3.7 })))
      .toBe('19:58:03 INFO  GET /api/v2/user/current → 200 (4 ms)');
  });

  it('puts an error stack under its line, and passes through what is not JSON', () => {
    const line = humanLine(JSON.stringify({ level: 50, time: at, msg: 'stage failed', err: { message: 'boom', stack: 'Error: boom\n    at x' } }))!;
    expect(line.split('\n')).toEqual(['19:58:03 ERROR stage failed', '    Error: boom', '        at x']);
    expect(humanLine('plain text')).toBe('plain text');
  });

  it('keeps pino\'s redaction: secrets never reach the human lines either', async () => {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (d: Buffer) => lines.push(d.toString()));
    const logger = createLogger('info', humanLogStream(out, false));
    logger.info({ user: { password: 'hunter2hunter2' }, path: '/reset?token=abc' }, 'changed');
    await new Promise((r) => setTimeout(r, 20));
    expect(lines.join('')).toMatch(/^\d\d:\d\d:\d\d INFO {2}changed user=\{"password":"\[redacted\]"\} path="\/reset\?token=abc"\n$/);
    expect(lines.join('')).not.toContain('hunter2');
  });

  it('is chosen for a terminal with LOG_FORMAT=auto, always with pretty, never with json', () => {
    expect(logsForPeople('auto', true)).toBe(true);
    expect(logsForPeople('auto', false)).toBe(false);
    expect(logsForPeople('pretty', false)).toBe(true);
    expect(logsForPeople('json', true)).toBe(false);
  });
});
