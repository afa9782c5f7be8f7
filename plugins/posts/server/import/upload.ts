/**
 * `POST /api/v2/posts/import`: an organisation admin uploads an export file (native JSONL, QUT CSV, 4CAT NDJSON)
 * into the caller's organisation. The body is the raw file (`application/octet-stream`, read by core's stream
 * parser), piped through `importPosts` as it arrives: batches are written while the upload goes on, so a 1 GB file
 * never sits in memory and the browser's upload progress is the import's progress. Answers the counts and the
 * rejected rows with line number and reason; writes a `posts_imported` event audit entry.
 */
import { Readable, Transform } from 'node:stream';
import { writeAudit } from '@core/server/auth/audit';
import { badRequest, forbidden } from '@core/server/http/errors';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { resolvePlatform } from '@core/shared/platforms';
import { IMPORT_MESSAGES, IMPORT_PATH, importQuerySchema, importResultSchema, type ImportResult } from '../../shared/imports';
import { ImportError, importPosts } from './importer';

export function registerImportRoutes(r: RouteRegistrar): void {
  r.post(IMPORT_PATH, {
    summary: 'Import an export file (JSONL, QUT CSV or 4CAT NDJSON) into the caller\'s organisation (organisation admins)',
    description: 'The file is the request body, sent with Content-Type: application/octet-stream; it is streamed, never buffered.',
    query: importQuerySchema,
    response: importResultSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    // Imports write into the whole organisation's store: organisation admins (Admin group) and global admins only.
    if (!user.is_global_admin && !user.is_org_admin) throw forbidden(IMPORT_MESSAGES.adminsOnly);
    const platform = ctx.query.platform === undefined ? null : resolvePlatform(ctx.query.platform);
    if (ctx.query.platform !== undefined && !platform) throw badRequest(`Unknown platform '${ctx.query.platform}'`);
    const body = ctx.body as unknown;
    if (body === undefined || body === null) throw badRequest(IMPORT_MESSAGES.empty);
    if (!(body instanceof Readable)) throw badRequest(IMPORT_MESSAGES.notAStream);

    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    body.on('error', (e) => counted.destroy(e));
    body.pipe(counted);

    const started = Date.now();
    let report;
    try {
      report = await importPosts({ storage: ctx.app.storage, organizationId: user.organization_id, input: counted, format: ctx.query.format, platform });
    } catch (error) {
      if (error instanceof ImportError) throw badRequest(error.message);
      throw error;
    }
    if (bytes === 0) throw badRequest(IMPORT_MESSAGES.empty);
    const result: ImportResult = {
      format: ctx.query.format, records: report.records, imported: report.inserted, duplicates: report.duplicates,
      rejected: report.rejected, problems: report.problems, seconds: Math.round((Date.now() - started) / 100) / 10,
    };
    await writeAudit(ctx.app.storage.db, ctx.request, {
      event: 'posts_imported', organizationId: user.organization_id, userId: user.id, email: user.email,
      detail: {
        file_name: ctx.query.file_name ?? null, format: result.format, platform, bytes, records: result.records,
        imported: result.imported, duplicates: result.duplicates, rejected: result.rejected,
      },
    });
    ctx.app.logger.info({ organizationId: user.organization_id, format: result.format, records: result.records, imported: result.imported }, 'posts imported');
    return result;
  });
}
