import { defineStage } from '@core/server/plugin/contract';
import type { StageContext } from '@core/server/pipeline/stages';
import { nowIso } from '@core/server/storage/database';
import { COLLECT_STAGE_ID } from '@plugins/posts/shared/public';
import { URLS_STAGE_ID } from '../../shared/public';
import { collectPostUrls, domainsOf, type PostUrl } from '../../shared/urls';
import { postText } from '../enrichPost';
import type { UrlExpander } from '../expandUrls';
import { countRunPosts, dbOf, inGroups, runPostsPage, type EnrichmentDb, type RunPost } from './runPosts';

export { URLS_STAGE_ID };
/** Bump when what the stage stores changes: rows of older versions are recomputed. */
export const URLS_VERSION = 1;

const PAGE = 2_000;
const WRITE_ROWS = 1_000;
const EXPAND_CONCURRENCY = 8;

/**
 * `enrichment.urls` (DAG step 2: PARSE_URLS, DOMAIN, EXPAND_URLS): the canonical URLs of the run's posts (platform
 * fields, then the text), their registrable domains and, when URL expansion is configured, the destinations of
 * shortened links. Expansion never fails a run: a link that cannot be expanded keeps its original URL.
 * Idempotent: posts with a current row are skipped (with expansion on, rows with URLs stored without it are redone).
 *
 * `expander()` answers the shared expander, or null when expansion is off (the default; see README).
 */
export function createUrlsStage(expander: () => UrlExpander | null) {
  return defineStage({
    id: URLS_STAGE_ID,
    title: 'URLs and domains',
    version: URLS_VERSION,
    dagStep: 2,
    enrichmentStage: 'PARSE_URLS',
    dependsOn: [COLLECT_STAGE_ID],
    run: async (ctx) => { await runUrls(ctx, expander()); },
  });
}

export async function runUrls(ctx: StageContext, expander: UrlExpander | null): Promise<{ processed: number; skipped: number }> {
  const db = dbOf(ctx);
  const expansion = expander ? 1 : 0;
  const stale = (eb: any) => eb.or([
    eb('e.post_id', 'is', null),
    eb('e.version', '!=', URLS_VERSION),
    ...(expansion ? [eb.and([eb('e.expansion', '=', 0), eb('e.url_count', '>', 0)])] : []),
  ]);
  const total = await countRunPosts(db, ctx);
  let afterId = 0;
  let processed = 0;
  for (;;) {
    ctx.signal.throwIfAborted();
    const posts = await runPostsPage(db, ctx, 'enrichment_urls', stale, afterId, PAGE);
    if (posts.length === 0) break;
    afterId = posts[posts.length - 1]!.id;
    const parsed = posts.map((p) => ({ post: p, urls: parsePostUrls(p) }));
    ctx.progress(total ? (0.9 * processed) / total : 0, `PARSE_URLS, DOMAIN: ${processed + posts.length} posts read`);
    if (expander) {
      const distinct = [...new Set(parsed.flatMap((p) => p.urls.map((u) => u.url)))];
      ctx.progress(total ? (0.9 * processed) / total : 0, `EXPAND_URLS: ${distinct.length} URLs of ${posts.length} posts`);
      const results = await expander.expandAll(distinct, EXPAND_CONCURRENCY);
      const expandedOf = new Map(results.map((r) => [r.url, r.expanded]));
      for (const p of parsed) for (const u of p.urls) u.expanded = expandedOf.get(u.url) ?? null;
      ctx.signal.throwIfAborted();
    }
    await writeRows(db, ctx.organizationId, parsed, expansion);
    processed += posts.length;
  }
  ctx.progress(1, `URLs and domains of ${processed} posts (${total - processed} already done)`);
  return { processed, skipped: total - processed };
}

function parseJson(text: string): unknown {
  try { return JSON.parse(text); } catch { return null; }
}

/** PARSE_URLS and DOMAIN of one post: its URL fields first (usually already expanded by the platform), then its text. */
export function parsePostUrls(post: RunPost): PostUrl[] {
  const fields: unknown[] = [parseJson(post.urls)];
  const props = parseJson(post.additional_properties);
  if (props && typeof props === 'object' && 'urls' in props) fields.push((props as { urls: unknown }).urls);
  return collectPostUrls({ texts: [postText({ title: post.title, subject: post.subject, body: post.body })], fields });
}

async function writeRows(db: EnrichmentDb, organizationId: string, parsed: ReadonlyArray<{ post: RunPost; urls: PostUrl[] }>, expansion: number) {
  const enrichedAt = nowIso();
  const rows = parsed.map(({ post, urls }) => ({
    post_id: post.id, organization_id: organizationId, urls: JSON.stringify(urls),
    expanded_urls: JSON.stringify(urls.map((u) => u.expanded ?? u.url)), domains: JSON.stringify(domainsOf(urls)),
    url_count: urls.length, expansion, version: URLS_VERSION, enriched_at: enrichedAt,
  }));
  await db.transaction().execute(async (trx) => {
    for (const group of inGroups(rows, WRITE_ROWS)) {
      await trx.insertInto('enrichment_urls').values(group)
        .onConflict((oc) => oc.column('post_id').doUpdateSet((eb) => ({
          organization_id: eb.ref('excluded.organization_id'), urls: eb.ref('excluded.urls'),
          expanded_urls: eb.ref('excluded.expanded_urls'), domains: eb.ref('excluded.domains'),
          url_count: eb.ref('excluded.url_count'), expansion: eb.ref('excluded.expansion'),
          version: eb.ref('excluded.version'), enriched_at: eb.ref('excluded.enriched_at'),
        })))
        .execute();
    }
  });
}
