import { z } from 'zod';

/** Spec part 1 section 9: Debug 1, Log 2, Warn 3, Error 4. Clients send names or numbers. */
export const LOG_LEVELS = { debug: 1, log: 2, warn: 3, error: 4 } as const;
export const logReportSchema = z.object({
  level: z.union([z.enum(['debug', 'log', 'warn', 'error']), z.number().int().min(1).max(4)]),
  message: z.string().min(1).max(10_000),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type LogReport = z.infer<typeof logReportSchema>;

/**
 * `POST /logreporter` is public (the browser reports before and after sign-in), so it is bounded: a small body,
 * a capped logged context, and a per-address rate limit answered with this message (429).
 */
export const LOG_REPORTS_RATE_LIMITED = 'Too many log reports. Please wait a minute and try again.';
/** The largest request body the route reads (bytes): a full 10,000-character message and a context fit. */
export const LOG_REPORT_BODY_LIMIT = 64 * 1024;
/** The logged context is cut to this many characters of its JSON, with a marker saying how long it was. */
export const LOG_REPORT_CONTEXT_MAX_CHARS = 2_000;
