/**
 * The browser's logging (spec part 1 section 9): levels Debug 1, Log 2, Warn 3, Error 4; the console gets Log and
 * above, the server's `/logreporter` (our error reporting) Warn and above. Each report carries the environment,
 * read from the first label of the host ("stage", else production: names starting with "prod" and every other),
 * and, for a sampled share of reports, the stack trace: 25 % in production, all of them elsewhere.
 */
const LEVEL = { debug: 1, log: 2, warn: 3, error: 4 } as const;
export type LogLevel = keyof typeof LEVEL;
export type ReportEnvironment = 'stage' | 'production';

export const TRACE_SAMPLE_RATE: Record<ReportEnvironment, number> = { production: 0.25, stage: 1 };

export function environmentOfHost(hostname: string): ReportEnvironment {
  const first = hostname.toLowerCase().split('.')[0] ?? '';
  return first === 'stage' ? 'stage' : 'production';
}

/** What is sent to /logreporter for one report (exported for tests). */
export function reportBody(level: LogLevel, message: string, error: unknown, hostname: string, random: () => number = Math.random) {
  const environment = environmentOfHost(hostname);
  const stack = error instanceof Error ? error.stack : undefined;
  const traced = stack !== undefined && random() < TRACE_SAMPLE_RATE[environment];
  return { level, message: message.slice(0, 10_000), context: { environment, ...(traced ? { trace: stack.slice(0, 1_500) } : {}) } };
}

export function reportLog(level: LogLevel, message: string, error?: unknown): void {
  if (LEVEL[level] >= LEVEL.log) {
    const fn = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
    fn(`[narrascope] ${message}`);
  }
  if (LEVEL[level] >= LEVEL.warn && typeof fetch !== 'undefined' && typeof window !== 'undefined') {
    void fetch('/logreporter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(reportBody(level, message, error, window.location.hostname)),
      credentials: 'same-origin',
    }).catch(() => undefined);
  }
}
