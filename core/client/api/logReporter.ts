/** Spec part 1 section 9: console from Log (2), remote reports from Warn (3). */
const LEVEL = { debug: 1, log: 2, warn: 3, error: 4 } as const;
export type LogLevel = keyof typeof LEVEL;

export function reportLog(level: LogLevel, message: string): void {
  if (LEVEL[level] >= LEVEL.log) {
    const fn = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
    fn(`[narrascope] ${message}`);
  }
  if (LEVEL[level] >= LEVEL.warn && typeof fetch !== 'undefined' && typeof window !== 'undefined') {
    void fetch('/logreporter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ level, message: message.slice(0, 10_000) }),
      credentials: 'same-origin',
    }).catch(() => undefined);
  }
}
