/**
 * The import's progress as one terminal line, redrawn in place: how far through the file, records read, new posts,
 * the rate and the time left. Off a terminal the CLI prints only its summary line (a log file should not fill with
 * progress).
 */
export interface ImportProgressState {
  bytesRead: number;
  totalBytes: number;
  records: number;
  inserted: number;
  elapsedMs: number;
}

const BAR_WIDTH = 24;

export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

export function progressLine(p: ImportProgressState): string {
  const fraction = p.totalBytes > 0 ? Math.min(1, p.bytesRead / p.totalBytes) : 0;
  const filled = Math.round(fraction * BAR_WIDTH);
  const seconds = p.elapsedMs / 1000;
  const rate = seconds > 0 ? p.records / seconds : 0;
  const left = fraction > 0 && fraction < 1 ? seconds * (1 - fraction) / fraction : 0;
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.floor(fraction * 100)}% ` +
    `${p.records.toLocaleString('en')} records, ${p.inserted.toLocaleString('en')} new · ${Math.round(rate).toLocaleString('en')} records/s` +
    (fraction < 1 ? ` · ${duration(left)} left` : '');
}
