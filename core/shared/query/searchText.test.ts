import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafeChar, renderToken, toSearchText } from './searchText';
import { createFts5Index, createPostgresTestDatabase, type PostgresTestDatabase } from './testing/databases';
import { POST_PIECES } from './testing/arbitraries';

const SAFE_CHARS: string[] = [];
for (let code = 0; code <= 0xffff; code += 1) {
  const char = String.fromCharCode(code);
  if (isSafeChar(char)) SAFE_CHARS.push(char);
}

describe('toSearchText', () => {
  it('renders each token as one word: safe characters as is, others as _<hex>_', () => {
    expect(toSearchText('Go VOTE at https://vote.org! #COP28 @Bob café 中文 🎉 foo_bar ΟΔΟΣ')).toBe(
      'go vote at https_3a__2f__2f_vote_2e_org _23_cop28 _40_bob café 中 文 _1f389_ foo_5f_bar οδοσ',
    );
  });

  it('keeps English, Spanish and Chinese readable', () => {
    expect(toSearchText('¿Qué pasó con el niño? 气候变化')).toBe('qué pasó con el niño 气 候 变 化');
  });

  it('is injective on tokens: different tokens never render alike (property)', () => {
    const token = fc.string({ unit: fc.constantFrom('a', '_', '5', 'f', '#', 'é', 'ς', '中', '🎉'), maxLength: 6 });
    fc.assert(
      fc.property(token, token, (x, y) => {
        if (x !== y) expect(renderToken(x)).not.toBe(renderToken(y));
      }),
      { numRuns: 500 },
    );
  });
});

describe('safe characters, checked against the real databases', () => {
  let postgres: PostgresTestDatabase;
  beforeAll(async () => {
    postgres = await createPostgresTestDatabase();
  });
  afterAll(async () => {
    await postgres?.drop();
  });

  it('covers ASCII, Latin-1, Greek, Cyrillic, kana, CJK and Hangul', () => {
    expect(SAFE_CHARS.length).toBeGreaterThan(30_000);
    for (const char of 'az09ñéßωжあアー中龥한') expect(isSafeChar(char)).toBe(true);
    for (const char of 'AZ_#@ ς\u00f7\u9fa6') expect(isSafeChar(char)).toBe(false);
  });

  it('FTS5 keeps every safe character as a token of its own, unchanged', () => {
    const { db, load } = createFts5Index();
    load(SAFE_CHARS);
    db.exec(`CREATE VIRTUAL TABLE vocab USING fts5vocab(post_search, 'instance')`);
    const terms = db.prepare('SELECT doc, term FROM vocab ORDER BY doc').all() as { doc: number; term: string }[];
    expect(terms.map((row) => row.term)).toEqual(SAFE_CHARS);
    expect(terms.map((row) => row.doc)).toEqual(SAFE_CHARS.map((_char, index) => index + 1));
  });

  it('PostgreSQL keeps every safe character as a lexeme of its own, unchanged', async () => {
    const result = await postgres.client.query<{ ord: string; vector: string }>(
      `SELECT t.ord, to_tsvector('simple', t.ch)::text AS vector FROM unnest($1::text[]) WITH ORDINALITY AS t(ch, ord)`,
      [SAFE_CHARS],
    );
    const wrong = result.rows.filter((row) => row.vector !== `'${SAFE_CHARS[Number(row.ord) - 1]}':1`);
    expect(wrong).toEqual([]);
  });

  it('every rendered token is exactly one FTS5 token and at least one PostgreSQL lexeme', async () => {
    const rendered = [...new Set(POST_PIECES.flatMap((piece) => toSearchText(piece).split(' ')).filter(Boolean))];
    const { db, load } = createFts5Index();
    load(rendered);
    db.exec(`CREATE VIRTUAL TABLE vocab USING fts5vocab(post_search, 'instance')`);
    const terms = (db.prepare('SELECT term FROM vocab ORDER BY doc').pluck().all() as string[]);
    expect(terms).toEqual(rendered);
    const result = await postgres.client.query<{ n: number }>(
      `SELECT length(to_tsvector('simple', t)) AS n FROM unnest($1::text[]) AS t`,
      [rendered],
    );
    expect(result.rows.every((row) => row.n > 0)).toBe(true);
  });

  it("shows why the raw body is not indexed: PostgreSQL's parser keeps vote.org as one lexeme", async () => {
    const raw = await postgres.client.query<{ found: boolean }>(
      `SELECT to_tsvector('simple', 'visit vote.org') @@ to_tsquery('simple', 'vote') AS found`,
    );
    expect(raw.rows[0]?.found).toBe(false); // yet the matcher accepts `vote` in "visit vote.org"
    const rendered = await postgres.client.query<{ found: boolean }>(
      `SELECT to_tsvector('simple', $1) @@ to_tsquery('simple', 'vote') AS found`,
      [toSearchText('visit vote.org')],
    );
    expect(rendered.rows[0]?.found).toBe(true);
  });
});
