import { describe, expect, it } from 'vitest';
import { environmentOfHost, reportBody } from './logReporter';

describe('browser error reports', () => {
  it('takes the environment from the first label of the host: stage, else production', () => {
    expect(environmentOfHost('stage.narrascope.example')).toBe('stage');
    expect(environmentOfHost('prod.narrascope.example')).toBe('production');
    expect(environmentOfHost('production-eu.narrascope.example')).toBe('production');
    expect(environmentOfHost('narrascope.example')).toBe('production');
  });

  it('sends the trace of a quarter of the reports in production and of every report on stage', () => {
    const error = new Error('boom');
    const traced = (host: string, draws: number[]) => draws.filter((r) => 'trace' in reportBody('error', 'failed', error, host, () => r).context).length;
    const draws = Array.from({ length: 100 }, (_, i) => i / 100);
    expect(traced('app.narrascope.example', draws)).toBe(25);
    expect(traced('stage.narrascope.example', draws)).toBe(100);
    expect(reportBody('warn', 'no error object', undefined, 'stage.narrascope.example').context).toEqual({ environment: 'stage' });
    expect(reportBody('error', 'failed', error, 'stage.x', () => 0)).toMatchObject({ level: 'error', message: 'failed', context: { environment: 'stage', trace: expect.stringContaining('Error: boom') } });
  });
});
