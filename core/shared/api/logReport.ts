import { z } from 'zod';

/** Spec part 1 section 9: Debug 1, Log 2, Warn 3, Error 4. Clients send names or numbers. */
export const LOG_LEVELS = { debug: 1, log: 2, warn: 3, error: 4 } as const;
export const logReportSchema = z.object({
  level: z.union([z.enum(['debug', 'log', 'warn', 'error']), z.number().int().min(1).max(4)]),
  message: z.string().min(1).max(10_000),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type LogReport = z.infer<typeof logReportSchema>;
