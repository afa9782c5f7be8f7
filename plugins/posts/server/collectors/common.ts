/**
 * What every network collector shares: the terms it can send to a search API, the exact filter (query, date
 * range, language) applied to what comes back, and storing + linking the kept posts to the run.
 */
import type { Kysely } from 'kysely';
import type { Collector, CollectRequest } from '@core/server/pipeline/collectors';
import type { StageContext } from '@core/server/pipeline/stages';
import { compileMatcher, printQuery, type QueryNode } from '@core/shared/query';
import type { PlatformKey } from '@core/shared/platforms';
import type { z } from 'zod';
import type { PostsDataSourceRow } from '@plugins/posts/server/tables';
import { idsFit, matchableText, normalizeLanguage, normalizePost, type PostInput } from '@core/server/postStore/normalize';
import { bulkInsert } from '@core/server/postStore/sql';
import { PostWriter } from '@core/server/postStore/writer';
import { CollectorError } from './http';

/** The words and phrases a post must contain for some branch of the query to match (NOT branches left out). */
export function positiveTerms(node: QueryNode, negated = false): string[] {
  switch (node.type) {
    case 'term':
    case 'phrase': return negated ? [] : [node.type === 'phrase' ? `"${node.text}"` : node.text];
    case 'not': return positiveTerms(node.child, !negated);
    case 'and':
    case 'or': return [...new Set(node.children.flatMap((c) => positiveTerms(c, negated)))];
  }
}

export { printQuery };

/** Posts a collector fetched → the ones the run wants (query, [start, end), language) → stored and linked. */
export class RunSink {
  private readonly matches: (text: string) => boolean;
  private readonly start: number;
  private readonly end: number;
  private readonly language: string | null;
  private readonly writer: PostWriter;
  private readonly seen = new Set<string>();
  /** Posts kept and linked so far. */
  kept = 0;

  constructor(readonly request: CollectRequest, readonly ctx: StageContext, source: string) {
    this.matches = compileMatcher(request.query);
    this.start = Date.parse(request.startDate);
    this.end = Date.parse(request.endDate);
    this.language = normalizeLanguage(request.language);
    this.writer = new PostWriter(ctx.storage, request.organizationId, source);
  }

  get full(): boolean {
    return this.request.recordLimit !== null && this.kept >= this.request.recordLimit;
  }

  /** True when the post is older than the range (pages sorted newest first can stop there). */
  beforeRange(publishedAt: string): boolean {
    return Date.parse(publishedAt) < this.start;
  }

  async add(posts: readonly PostInput[]): Promise<void> {
    const wanted = posts.filter((p) => {
      // An id too long for the post store's unique keys would fail the whole batch on PostgreSQL (MAX_ID_LENGTH).
      if (!idsFit(p)) return false;
      const key = `${p.platform}\u0000${p.rid}`;
      if (this.seen.has(key)) return false;
      const t = Date.parse(p.published_at);
      if (!(t >= this.start && t < this.end)) return false;
      const lang = normalizeLanguage(p.language);
      if (this.language && lang && lang !== this.language) return false;
      if (!this.matches(matchableText(p))) return false;
      this.seen.add(key);
      return true;
    });
    const room = this.request.recordLimit === null ? wanted.length : Math.max(0, this.request.recordLimit - this.kept);
    const batch = wanted.slice(0, room).map(normalizePost);
    if (!batch.length) return;
    const { ids } = await this.writer.write(batch, { wantIds: true });
    const db = this.ctx.storage.db as unknown as Kysely<any>;
    await bulkInsert(db, this.ctx.storage.dialect, 'posts_run_posts', [{ name: 'run_id' }, { name: 'post_id', type: 'integer' }],
      ids.map((id) => [this.request.runId, id]), 'ON CONFLICT DO NOTHING', 5000);
    this.kept += batch.length;
    if (this.request.recordLimit) this.ctx.progress(Math.min(1, this.kept / this.request.recordLimit));
  }
}

/** Parses an API answer with its zod schema; a mismatch is the collector's failure reason. */
export function parseAnswer<T>(service: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new CollectorError(`malformed answer from ${service}${where}: ${issue.message}`);
}

export interface NetworkCollectorSpec {
  id: string;
  source: string;
  platforms: readonly PlatformKey[];
  queryCapability: 'boolean' | 'terms';
  collect: (sink: RunSink, settings: Record<string, unknown>, ctx: StageContext) => Promise<void>;
}

/** A core `Collector` for a data source row: its name, settings and record_limit come from the row. */
export function networkCollector(spec: NetworkCollectorSpec, row: Pick<PostsDataSourceRow, 'name' | 'record_limit'>, settings: Record<string, unknown>): Collector {
  return {
    id: spec.id, name: row.name, source: spec.source, platforms: spec.platforms, queryCapability: spec.queryCapability,
    defaultRecordLimit: row.record_limit,
    async collect(request, ctx) {
      const sink = new RunSink(request, ctx, spec.id);
      await spec.collect(sink, settings, ctx);
      return { collected: sink.kept };
    },
  };
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
export const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : []);
export const baseUrl = (settings: Record<string, unknown>, fallback: string) => (str(settings.base_url) ?? fallback).replace(/\/+$/, '');
