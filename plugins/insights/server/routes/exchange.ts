import { Readable } from 'node:stream';
import { z } from 'zod';
import { HttpError, badRequest, forbidden } from '@core/server/http/errors';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import {
  INSIGHT_EXPORT_PATH, INSIGHT_IMPORT_PATH, INSIGHT_MESSAGES, insightExportQuerySchema, insightImportAnswerSchema, insightImportQuerySchema,
  type InsightImportAnswer,
} from '../../shared/api';
import { reviewProblem } from '../../shared/review';
import { identityKeys } from '../exchange/checkRow';
import { exportInsightsCsv, exportInsightsJson, exportInsightsStix } from '../exchange/exportInsights';
import { importInsights } from '../exchange/importInsights';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../exchange/messages';
import { newInsightRow, strippedUser, toInsight } from '../model';
import { insertInsight } from '../store';
import { dbOf, type Db } from '../tables';
import { auditInsight, newestEditFirst } from './common';

/**
 * The upload, read whole up to the limit (an insight file is a curated list). A declared length over it is refused
 * unread; an undeclared (chunked) one is refused once it passes the limit, the rest discarded as it arrives and the
 * connection closed after the answer (app.ts closes on 413).
 */
async function readUpload(body: unknown, declaredLength: string | undefined): Promise<Buffer> {
  if (!(body instanceof Readable)) throw badRequest(INSIGHT_MESSAGES.importStream);
  if (declaredLength !== undefined && Number(declaredLength) > IMPORT_MAX_BYTES) {
    body.resume();
    throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMPORT_MAX_BYTES) {
      body.resume();
      throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
    }
    chunks.push(chunk);
  }
  if (size === 0) throw badRequest(IMPORT_MESSAGES.empty);
  return Buffer.concat(chunks);
}

/** The identity keys (checkRow.ts) of the organisation's live insights: an import adds no second insight on one. */
async function storedIdentities(db: Db, organizationId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('insights_insights').selectAll().where('organization_id', '=', organizationId).where('status', '<>', 'deleted').execute();
  const keys = new Set<string>();
  for (const row of rows) {
    const insight = toInsight(row);
    const p = insight.additional_properties;
    for (const key of identityKeys({
      analyzable_type: insight.analyzable_type, analyzable_id: insight.analyzable_id, platform: insight.platform, user_id: insight.user_id,
      screen_name: insight.screen_name, link: insight.link, user_class: insight.user_class, confidence: insight.confidence, permanence: insight.permanence,
      properties: {
        name: p.name, country_of_origin: p.country_of_origin, operating_country: p.operating_country, state_association: p.state_association,
        region: p.region, role: p.role, language: p.language, subcategory: p.subcategory,
      },
    })) keys.add(key);
  }
  return keys;
}

const FILE_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8', stix: 'application/stix+json; charset=utf-8' } as const;

export function registerExchangeRoutes(r: RouteRegistrar): void {
  r.post(INSIGHT_IMPORT_PATH, {
    summary: 'Import insights from a CSV or JSON file: rows become pending insights (source import); refused rows answer with their line',
    description: 'The file is the request body (Content-Type: application/octet-stream), at most 5 MB and 10,000 rows. A file that cannot be '
      + 'read at all is refused whole (400, or 413 when too large); otherwise valid rows are stored and each refused row is listed with the '
      + 'line it starts on and its reasons. A row naming an account or domain that already has a live insight is refused.',
    query: insightImportQuerySchema, body: z.unknown(), response: insightImportAnswerSchema, bodyLimit: IMPORT_MAX_BYTES + 1024 * 1024,
  }, async (ctx): Promise<InsightImportAnswer> => {
    const user = requireUser(ctx);
    const refusedToUser = reviewProblem(user, 'submit', null);
    if (refusedToUser) throw forbidden(refusedToUser);
    const outcome = importInsights(await readUpload(ctx.body, ctx.request.headers['content-length']), ctx.query.format);
    if (!outcome.ok) throw outcome.error === IMPORT_MESSAGES.tooLarge ? new HttpError(413, outcome.error) : badRequest(outcome.error);
    const db = dbOf(ctx.app.storage);
    const by = strippedUser(user);
    const refused = [...outcome.refused];
    const ids: string[] = [];
    await db.transaction().execute(async (trx) => {
      const stored = await storedIdentities(trx as unknown as Db, user.organization_id);
      for (const { line, insight } of outcome.accepted) {
        if (identityKeys(insight).some((k) => stored.has(k))) {
          refused.push({ line, errors: [IMPORT_MESSAGES.row(line, INSIGHT_MESSAGES.alreadyStored)] });
          continue;
        }
        const row = newInsightRow(user.organization_id, insight, { by, source: 'import', action: 'import' });
        await insertInsight(trx, row);
        ids.push(row.id);
      }
      await auditInsight(trx, ctx.request, user, 'insights_imported', {
        file_name: ctx.query.file_name ?? null, format: ctx.query.format, imported: ids.length, refused: refused.length,
      });
    });
    refused.sort((a, b) => a.line - b.line);
    return { imported: ids.length, ids, refused };
  });

  r.get(INSIGHT_EXPORT_PATH, {
    summary: "Export the organisation's approved insights as CSV, JSON or a STIX 2.1 bundle (identity and threat-actor objects)",
    description: 'CSV re-imports to the same insights; the STIX bundle has an identity per account or outlet, a threat-actor where the insight '
      + 'says state association or a threat subcategory, and domain-name objects, with deterministic ids.',
    query: insightExportQuerySchema, response: z.unknown(), raw: true,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const rows = await db.selectFrom('insights_insights').selectAll().where('organization_id', '=', user.organization_id).where('status', '=', 'approved').execute();
    const insights = rows.sort(newestEditFirst).map(toInsight);
    const format = ctx.query.format;
    let text: string;
    if (format === 'csv') text = exportInsightsCsv(insights);
    else if (format === 'json') text = exportInsightsJson(insights);
    else {
      const org = await db.selectFrom('core_organizations').select(['id', 'name', 'created_at']).where('id', '=', user.organization_id).executeTakeFirstOrThrow();
      text = JSON.stringify(exportInsightsStix(insights, org), null, 2);
    }
    const extension = format === 'stix' ? 'stix.json' : format;
    return ctx.reply.header('content-type', FILE_TYPES[format]).header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="insights-approved.${extension}"`).send(text);
  });
}
