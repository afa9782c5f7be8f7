import { z } from 'zod';

/**
 * The admin upload of an export file (`POST /api/v2/posts/import`): the file is the raw request body
 * (`Content-Type: application/octet-stream`), streamed through the same importer as `npm run cli -- import`.
 */
export const IMPORT_PATH = '/api/v2/posts/import';

export const UPLOAD_FORMATS = ['jsonl', 'csv', 'ndjson'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

export const UPLOAD_FORMAT_LABELS: Record<UploadFormat, string> = {
  jsonl: 'Narrascope JSONL (one post per line)',
  csv: 'QUT coordination toolkit CSV',
  ndjson: '4CAT NDJSON',
};

export const importQuerySchema = z.object({
  format: z.enum(UPLOAD_FORMATS),
  /** Platform of records that name none (JSONL, NDJSON) and of every CSV row; any name the catalogue resolves. */
  platform: z.string().min(1).max(100).optional(),
  /** The uploaded file's name, kept in the audit entry only. */
  file_name: z.string().max(255).optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

export const importProblemSchema = z.object({ line: z.number().int(), reason: z.string() });

export const importResultSchema = z.object({
  format: z.enum(UPLOAD_FORMATS),
  /** Records read (blank lines not counted). */
  records: z.number().int().min(0),
  /** Posts newly stored. */
  imported: z.number().int().min(0),
  /** Valid posts already stored (or repeated in the file). */
  duplicates: z.number().int().min(0),
  /** Records refused; the first 1000 are listed in `problems` with their line number and reason. */
  rejected: z.number().int().min(0),
  problems: z.array(importProblemSchema),
  seconds: z.number().min(0),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const IMPORT_MESSAGES = {
  adminsOnly: 'Only organisation admins can import posts.',
  notAStream: 'Send the file as the request body with Content-Type: application/octet-stream.',
  empty: 'The file is empty.',
} as const;
