import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { SqlBool } from 'kysely';
import { filtersArb, isoDateTime } from './arbitraries';
import { filterPredicate, matchesFilters } from './apply';
import type { FilterColumns, FilterablePost } from './apply';
import { emptyFilters } from './model';
import type { Filters, ListDimension } from './model';
import { registerTestDimensions } from './testing/dimensions';

// Before the arbitraries below are built: they draw from the registered dimensions.
// Released after the file: the registry is process-wide and files of the server project share a process.
afterAll(registerTestDimensions());
const BOOLEAN_DIMENSIONS = ['is_niche', 'is_repost', 'is_reply', 'is_quote', 'contains_threatening_language'] as const;
type BooleanDimension = (typeof BOOLEAN_DIMENSIONS)[number];

/*
 * Proves that filterPredicate (SQL) and matchesFilters (memory) select the same posts, on a real SQLite
 * database and a real PostgreSQL database, for random posts and random filters.
 */

type Flags = { [K in BooleanDimension]: boolean | null };

interface TestPost extends Flags {
  id: number;
  platform: string | null;
  sentiment: string | null;
  engagement_score: string | null;
  narrative: string | null;
  nrms_theme: string | null;
  published_at: string | null;
  domains: string[];
  coordination_cluster: string[];
  insight_languages: string[];
  insight_risk: string[];
}

type Bool = number | boolean | null;
interface DB {
  posts: {
    id: number;
    platform: string | null;
    sentiment: string | null;
    engagement_score: string | null;
    narrative: string | null;
    nrms_theme: string | null;
    published_at: string | null;
  } & { [K in BooleanDimension]: Bool } & { [K in `${BooleanDimension}_i`]: number | null };
  post_domains: { post_id: number; domain: string };
  post_tags: { post_id: number; dimension: string; value: string };
}

const POOLS = {
  platforms: ['reddit', 'gab', 'news:local'],
  sentiments: ['POSITIVE', 'NEGATIVE', 'NEUTRAL'],
  engagement: ['low', 'medium', 'high'],
  narratives: ['n1', 'n2', 'n:3'],
  themes: ['QANON', 'DEI'],
  domains: ['a.com', 'b.org', 'http://c.net:8080'],
  clusters: ['1', '2', '3'],
  languages: ['en', 'es'],
  risks: ['role:journalist', 'subcategory:Pink Slime', 'state_association:China'],
};
/** Values a filter may name per dimension: those posts carry, plus one no post has. */
const FILTER_VALUES: Partial<Record<ListDimension, string[]>> = {
  platforms: POOLS.platforms,
  sentiments: POOLS.sentiments,
  narratives: POOLS.narratives,
  nrms_theme: POOLS.themes,
  domains: POOLS.domains,
  coordination_cluster: POOLS.clusters,
  insight_languages: POOLS.languages,
};
/** A few instants, so that range ends often fall exactly on a post's date. */
const TIMES = Array.from({ length: 8 }, (_, i) => Date.UTC(2024, 0, 1 + i, 12, 0, 0, i * 7));

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { freq: 5 });
const subset = (values: string[]) => fc.subarray(values);

const postArb = fc.record({
  platform: maybe(fc.constantFrom(...POOLS.platforms)),
  sentiment: maybe(fc.constantFrom(...POOLS.sentiments)),
  engagement_score: maybe(fc.constantFrom(...POOLS.engagement)),
  narrative: maybe(fc.constantFrom(...POOLS.narratives)),
  nrms_theme: maybe(fc.constantFrom(...POOLS.themes)),
  published_at: maybe(fc.constantFrom(...TIMES).map((t) => new Date(t).toISOString())),
  domains: subset(POOLS.domains),
  coordination_cluster: subset(POOLS.clusters),
  insight_languages: subset(POOLS.languages),
  insight_risk: subset(POOLS.risks),
  ...(Object.fromEntries(BOOLEAN_DIMENSIONS.map((d) => [d, maybe(fc.boolean())])) as {
    [K in BooleanDimension]: fc.Arbitrary<boolean | null>;
  }),
});
const postsArb = fc.array(postArb, { minLength: 2, maxLength: 25 }).map((posts) => posts.map((p, i): TestPost => ({ ...p, id: i + 1 })));

const relevantFiltersArb = filtersArb({
  value: (dimension) => fc.constantFrom(...(FILTER_VALUES[dimension] ?? []), 'unknown'),
  unsetWeight: 5,
  insightRisk: fc.constantFrom(...POOLS.risks, 'role:other'),
  date: isoDateTime(fc.oneof(fc.constantFrom(...TIMES), fc.integer({ min: TIMES[0]! - 1, max: TIMES.at(-1)! + 1 }))),
});

/** What matchesFilters sees: only the dimensions the table stores, as the column map declares them. */
function filterable(post: TestPost): FilterablePost {
  const flags = Object.fromEntries(BOOLEAN_DIMENSIONS.map((d) => [d, post[d]])) as Flags;
  return {
    ...flags,
    platforms: post.platform,
    sentiments: post.sentiment,
    engagement_score: post.engagement_score,
    narratives: post.narrative,
    nrms_theme: post.nrms_theme,
    published_at: post.published_at,
    domains: post.domains,
    coordination_cluster: post.coordination_cluster,
    insight_languages: post.insight_languages,
    insight_risk: post.insight_risk,
  };
}

const tagged = (dimension: string) => (values: readonly string[]) =>
  sql<SqlBool>`posts.id in (select post_id from post_tags where dimension = ${dimension} and value in (${sql.join(values)}))`;

const commonColumns: FilterColumns = {
  platforms: 'posts.platform',
  sentiments: 'posts.sentiment',
  engagement_score: 'posts.engagement_score',
  narratives: 'posts.narrative',
  nrms_theme: sql`posts.nrms_theme`,
  published_at: 'posts.published_at',
  domains: (values) =>
    sql<SqlBool>`posts.id in (select post_id from post_domains where domain in (${sql.join(values)}))`,
  coordination_cluster: tagged('coordination_cluster'),
  insight_languages: tagged('insight_languages'),
  insight_risk: tagged('insight_risk'),
};
const COLUMN_MAPS: Record<string, FilterColumns> = {
  native: { ...commonColumns, ...Object.fromEntries(BOOLEAN_DIMENSIONS.map((d) => [d, `posts.${d}`])) },
  integer: {
    ...commonColumns,
    ...Object.fromEntries(BOOLEAN_DIMENSIONS.map((d) => [d, `posts.${d}_i`])),
    booleans: 'integer',
  },
};

interface Backend {
  db: Kysely<DB>;
  /** How the `native` boolean columns store a JS boolean. */
  nativeBool: (b: boolean) => Bool;
}

async function createTables(db: Kysely<DB>, dialect: 'sqlite' | 'postgres') {
  let table = db.schema
    .createTable('posts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('platform', 'text')
    .addColumn('sentiment', 'text')
    .addColumn('engagement_score', 'text')
    .addColumn('narrative', 'text')
    .addColumn('nrms_theme', 'text')
    .addColumn('published_at', dialect === 'postgres' ? 'timestamptz' : 'text');
  for (const d of BOOLEAN_DIMENSIONS) table = table.addColumn(d, 'boolean').addColumn(`${d}_i`, 'integer');
  await table.execute();
  await db.schema
    .createTable('post_domains')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

async function store({ db, nativeBool }: Backend, posts: TestPost[]) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('post_tags').execute();
    await trx.deleteFrom('post_domains').execute();
    await trx.deleteFrom('posts').execute();
    if (posts.length === 0) return;
    await trx
      .insertInto('posts')
      .values(
        posts.map((p) => {
          const flags = Object.fromEntries(
            BOOLEAN_DIMENSIONS.flatMap((d) => {
              const v = p[d];
              return [
                [d, v === null ? null : nativeBool(v)],
                [`${d}_i`, v === null ? null : Number(v)],
              ];
            }),
          ) as { [K in BooleanDimension]: Bool } & { [K in `${BooleanDimension}_i`]: number | null };
          const { id, platform, sentiment, engagement_score, narrative, nrms_theme, published_at } = p;
          return { id, platform, sentiment, engagement_score, narrative, nrms_theme, published_at, ...flags };
        }),
      )
      .execute();
    const domains = posts.flatMap((p) => p.domains.map((domain) => ({ post_id: p.id, domain })));
    if (domains.length > 0) await trx.insertInto('post_domains').values(domains).execute();
    const tags = posts.flatMap((p) =>
      (['coordination_cluster', 'insight_languages', 'insight_risk'] as const).flatMap((dimension) =>
        p[dimension].map((value) => ({ post_id: p.id, dimension, value })),
      ),
    );
    if (tags.length > 0) await trx.insertInto('post_tags').values(tags).execute();
  });
}

async function selectIds(db: Kysely<DB>, filters: Filters, columns: FilterColumns): Promise<number[]> {
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where((eb) => filterPredicate(eb, filters, columns))
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

const memoryIds = (posts: TestPost[], filters: Filters) =>
  posts.filter((p) => matchesFilters(filterable(p), filters)).map((p) => p.id);

function base(overrides: Partial<TestPost> & { id: number }): TestPost {
  const flags = Object.fromEntries(BOOLEAN_DIMENSIONS.map((d) => [d, null])) as Flags;
  return {
    ...flags,
    platform: null,
    sentiment: null,
    engagement_score: null,
    narrative: null,
    nrms_theme: null,
    published_at: null,
    domains: [],
    coordination_cluster: [],
    insight_languages: [],
    insight_risk: [],
    ...overrides,
  };
}

const EXAMPLE_POSTS: TestPost[] = [
  base({ id: 1, platform: 'reddit', sentiment: 'NEGATIVE', domains: ['a.com', 'b.org'], is_reply: true, published_at: '2024-01-01T00:00:00.000Z' }),
  base({ id: 2, platform: 'gab', sentiment: 'POSITIVE', domains: ['a.com'], is_reply: false, published_at: '2024-01-02T00:00:00.000Z' }),
  base({ id: 3, platform: 'news:local', sentiment: null, domains: [], insight_risk: ['role:journalist'], published_at: '2024-01-03T00:00:00.000Z' }),
];

const EXAMPLES: [string, Partial<Filters>, number[]][] = [
  ['no filter selects everything', {}, [1, 2, 3]],
  ['only excluded values: all but those, posts without a value stay', { sentiments: { NEGATIVE: false } }, [2, 3]],
  ['included values: those only', { platforms: { reddit: true, 'news:local': true } }, [1, 3]],
  ['a mix: the included ones only', { platforms: { reddit: true, gab: false } }, [1]],
  ['multi-valued include: any of the values', { domains: { 'b.org': true } }, [1]],
  ['multi-valued mix: the included ones only', { domains: { 'a.com': true, 'b.org': false } }, [1, 2]],
  ['multi-valued exclude: none of the values', { domains: { 'b.org': false } }, [2, 3]],
  ['boolean: a post without the flag matches neither true nor false', { is_reply: false }, [2]],
  ['range: both ends inclusive, offsets honoured', { start_range: '2024-01-02T01:00:00+01:00', end_range: '2024-01-03T00:00:00Z' }, [2, 3]],
  ['insight_risk: any of the entries', { insight_risk: ['role:journalist', 'role:other'] }, [3]],
  ['a dimension the table does not store is ignored', { insight_roles: { analyst: true }, insight_regions: { EU: false } }, [1, 2, 3]],
];

function agreementSuite(name: string, open: () => Promise<Backend>, close: () => Promise<void>, numRuns: number) {
  describe(`filterPredicate agrees with matchesFilters on ${name}`, () => {
    let backend: Backend;
    beforeAll(async () => {
      backend = await open();
    });
    afterAll(close);

    it.each(EXAMPLES)('%s', async (_title, partial, expected) => {
      await store(backend, EXAMPLE_POSTS);
      const filters = { ...emptyFilters(), ...partial };
      expect(memoryIds(EXAMPLE_POSTS, filters)).toEqual(expected);
      for (const columns of Object.values(COLUMN_MAPS)) {
        expect(await selectIds(backend.db, filters, columns)).toEqual(expected);
      }
    });

    it('selects exactly the posts matchesFilters accepts, for random posts and filters (property)', async () => {
      let checks = 0;
      let partial = 0; // filters that kept some posts and dropped others: the cases that can tell rules apart
      await fc.assert(
        fc.asyncProperty(postsArb, fc.array(relevantFiltersArb, { minLength: 1, maxLength: 4 }), async (posts, filterList) => {
          await store(backend, posts);
          for (const filters of filterList) {
            const expected = memoryIds(posts, filters);
            checks++;
            if (expected.length > 0 && expected.length < posts.length) partial++;
            for (const columns of Object.values(COLUMN_MAPS)) {
              expect(await selectIds(backend.db, filters, columns)).toEqual(expected);
            }
          }
        }),
        { numRuns },
      );
      expect(partial / checks).toBeGreaterThan(0.25);
    });
  });
}

let sqlite: Kysely<DB> | undefined;
agreementSuite(
  'SQLite',
  async () => {
    sqlite = new Kysely<DB>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    await createTables(sqlite, 'sqlite');
    return { db: sqlite, nativeBool: (b) => Number(b) };
  },
  async () => {
    await sqlite?.destroy();
  },
  150,
);

const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDatabase = `narrascope_filters_test_${randomBytes(6).toString('hex')}`;
let postgres: Kysely<DB> | undefined;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

agreementSuite(
  'PostgreSQL',
  async () => {
    await admin(`CREATE DATABASE ${pgDatabase}`);
    postgres = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:5432/${pgDatabase}`, max: 2 }),
      }),
    });
    await createTables(postgres, 'postgres');
    return { db: postgres, nativeBool: (b) => b };
  },
  async () => {
    await postgres?.destroy();
    await admin(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
  },
  150,
);
