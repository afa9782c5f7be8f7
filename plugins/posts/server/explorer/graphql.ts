import { buildSchema, execute, GraphQLError, Kind, parse, validate, visit, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { Storage } from '@core/server/storage/database';
import { EXPLORER_MESSAGES, GRAPHQL_SCHEMA_SDL, MAX_GRAPHQL_PAGES, MAX_PAGE_SIZE, type GraphqlResult, type RawDataRow } from '../../shared/explorerApi';
import { DEFAULT_PAGE_SIZE } from '../../shared/explorerApi';
import { pageIds, totalOf } from './page';
import { parseOrderBy } from './params';
import type { PostSetQuery } from './postSet';
import { rowsFor } from './rows';

/**
 * `POST /api/v2/graphql`: a graphql-js schema (GRAPHQL_SCHEMA_SDL) executed inside an ordinary route, so auth,
 * CSRF, the organisation scope and the filters are the same as raw_data's. `paginatedPosts` pages the same post
 * set with the same order as raw_data.
 */

let schema: GraphQLSchema | null = null;
const schemaOf = () => (schema ??= buildSchema(GRAPHQL_SCHEMA_SDL));

interface GraphqlContext { storage: Storage; registry: PostFacetRegistry; q: PostSetQuery }

/** The spec's camel-case Post (plus rid, platform, title, body). */
export function toGraphqlPost(row: RawDataRow) {
  return {
    id: String(row.id), rid: row.rid, platform: row.class, type: row.post_class, userType: row.user_class, accountId: row.user_rid,
    displayName: row.display_name, screenName: row.screen_name, title: row.title, body: row.body, publishedAt: row.published_at,
    sourceUrl: row.source_url, engagementScore: row.engagement_score ?? null, threatsOfViolence: row.threats_of_violence ?? null,
    firstNgram: row.first_ngram ?? null, additionalProperties: row.additional_properties,
  };
}

const rootValue = {
  async paginatedPosts(args: { limit?: number | null; offset?: number | null; orderBy?: string[] | null }, ctx: GraphqlContext) {
    const limit = args.limit ?? DEFAULT_PAGE_SIZE;
    const offset = args.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) throw new GraphQLError(EXPLORER_MESSAGES.limit);
    if (!Number.isInteger(offset) || offset < 0) throw new GraphQLError(EXPLORER_MESSAGES.recordOffset);
    let orderBy;
    try {
      orderBy = parseOrderBy(args.orderBy?.length ? args.orderBy : ['published_at:desc'], ctx.registry);
    } catch (error) {
      throw new GraphQLError((error as Error).message);
    }
    const [ids, total] = await Promise.all([
      pageIds(ctx.storage, ctx.registry, ctx.q, { limit, offset, orderBy }),
      totalOf(ctx.storage, ctx.registry, ctx.q),
    ]);
    const rows = await rowsFor(ctx.storage, ctx.registry, ctx.q.scope, ids);
    return { items: rows.map(toGraphqlPost), metadata: { limit, offset, total, orderBy: orderBy.map((o) => `${o.column}:${o.direction}`) } };
  },
};

/** paginatedPosts fields anywhere in the document (operations and fragments): a bound on the pages it can run. */
function paginatedPostsFields(document: DocumentNode): number {
  let n = 0;
  visit(document, { [Kind.FIELD]: (node) => { if (node.name.value === 'paginatedPosts') n += 1; } });
  return n;
}

export async function executeGraphql(
  ctx: GraphqlContext, request: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null },
): Promise<GraphqlResult> {
  // parse + validate + execute (what graphql() does), with a cap on paginatedPosts fields in between: each alias
  // would run its own page of up to MAX_PAGE_SIZE posts, so one call could otherwise ask for any number of them.
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    if (error instanceof GraphQLError) return { errors: [{ message: error.message }] };
    throw error;
  }
  const invalid = validate(schemaOf(), document);
  if (invalid.length) return { errors: invalid.map((e) => ({ message: e.message })) };
  if (paginatedPostsFields(document) > MAX_GRAPHQL_PAGES) return { errors: [{ message: EXPLORER_MESSAGES.graphqlPages }] };
  const result = await execute({
    schema: schemaOf(), document, rootValue, contextValue: ctx,
    variableValues: request.variables ?? undefined, operationName: request.operationName ?? undefined,
  });
  const out: GraphqlResult = {};
  if (result.data !== undefined) out.data = result.data as Record<string, unknown> | null;
  if (result.errors?.length) out.errors = result.errors.map((e) => ({ message: e.message, ...(e.path ? { path: e.path } : {}) }));
  return out;
}
