/**
 * Issue 18, "Done when": bounded fuzzing (fast-check, fixed seeds) of the server's mutating JSON routes and of the
 * import parsers. The query language has its own fuzz test (core/shared/query/fuzz.test.ts).
 *
 * 1. Every POST/PUT/PATCH/DELETE route the running server registered (read from `server.http.routes` at run time,
 *    so a new route is fuzzed without touching this file) gets generated JSON bodies over real HTTP: arbitrary JSON,
 *    raw texts that are not JSON or nest thousands deep, and "near-valid" objects built from the route's declared
 *    body schema (its OpenAPI document), some keys valid, some holding 100 kB strings, NUL, unpaired surrogates,
 *    1e309, -0, 19-digit integers, wrong types, `__proto__` keys or 50,000-element arrays. Path parameters are real ids
 *    of the caller's organisation or random (badly encoded) strings.
 * 2. The posts import (JSONL, QUT CSV, 4CAT NDJSON) and the insights import (CSV, JSON) get generated files over HTTP:
 *    random bytes, random lines, CSV with random quoting, CRLF, BOM and unclosed quotes, JSON Lines with 19-digit ids,
 *    nested and hostile values, invalid UTF-8. The same generators drive the parsers in-process with many more runs.
 *
 * Every answer must be below 500 and the `{data, metadata}` envelope (`metadata.errors` strings, at least one on an
 * error), within 10 s; a body holding NUL or an unpaired surrogate must get the edge check's 400 (textSanitiser.ts);
 * the health check must answer 200 after each route; and most routes must have answered 2xx at least once, so the
 * generated bodies do reach the handlers. `FUZZ_DEBUG=1` prints the answers by status and some error texts. A failure prints the route, the seed,
 * fast-check's path and the (shortened) input, so `fc.check(..., { seed, path })` replays it.
 * Runs on SQLite, or PostgreSQL when NARRASCOPE_TEST_DATABASE_URL is set (CI runs the server project on both).
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '@core/server/http/app';
import type { RegisteredRoute } from '@core/server/http/routes';
import { API_CONTENT_SECURITY_POLICY } from '@core/server/http/securityHeaders';
import { TEXT_MESSAGES } from '@core/server/http/textSanitiser';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER, CSRF_REFRESH_COOKIE, REFRESH_PATH } from '@core/shared/api/cookies';
import { normalizePost } from '@core/server/postStore/normalize';
import { serverPlugins } from '@plugins/index.server';
import { IMPORT_COLUMNS } from '@plugins/insights/server/exchange/columns';
import { importInsights } from '@plugins/insights/server/exchange/importInsights';
import { ImportError, readRecords } from '@plugins/posts/server/import/importer';
import { QUT_COLUMNS } from '@plugins/posts/server/import/formats';
import { RELAXED_LIMITS } from '../access/support';

/** Fixed, so CI is deterministic; FUZZ_SEED and FUZZ_SCALE (a run multiplier) explore further by hand. */
const SEED = Number(process.env.FUZZ_SEED ?? 18);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const RUNS_PER_ROUTE = 30 * SCALE;
const RUNS_PER_UPLOAD_FORMAT = 40 * SCALE;
const RUNS_IN_PROCESS = 400 * SCALE;
const REQUEST_TIMEOUT_MS = 10_000;
/** Only a failing route's shrinking can take this long: its runs take a second or two. */
const ROUTE_TIME_LIMIT_MS = 20_000 * SCALE;

/**
 * Mutating routes not fuzzed with JSON bodies, each with the reason; every other one is, new ones included. A route
 * listed that the server no longer registers fails the coverage test. None has to be left out to keep the session:
 * logout is a GET, the refresh rotates a session of its own, and the user routes' path ids are other users (the
 * signed-in admin is never deactivated, demoted or deleted); a changed password needs the old one, never generated.
 */
const NOT_FUZZED: Record<string, string> = {
  'POST /api/v2/posts/import': 'takes the file as application/octet-stream, not JSON: fuzzed with generated files below',
  'POST /api/v2/insights/import': 'takes the file as application/octet-stream, not JSON: fuzzed with generated files below',
};

// ---------------------------------------------------------------------------------------------------------------
// JSON bodies as text: raw literals (1e309, 19-digit integers, deep nesting) and keys like __proto__ survive.

/** JSON text put into a body as it is. */
class Raw {
  constructor(readonly text: string) {}
}
/** An object as its entries: `__proto__` and `constructor` stay plain keys. */
class Entries {
  constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Entries) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') return toJson(new Entries(Object.entries(value)));
  return JSON.stringify(value) ?? 'null';
}

/** A body or value short enough for a failure message (the shrunk counterexample is usually small anyway). */
function shorten(text: string, max = 600): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile values

const repeatTo = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

const hugeString = fc.tuple(
  fc.constantFrom('x', 'é', '😀', '中文 ', '<script>alert(1)</script>', '\\"', ' ', '%00', "'; DROP TABLE x; --", 'a\u200db', '\u202e'),
  fc.integer({ min: 1_000, max: 100_000 }),
).map(([unit, length]) => repeatTo(unit, length));

const withNul = fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`);
const loneSurrogate = fc.constantFrom('\ud800', 'a\udc00b', '\udbff\udbff', 'x\ud83d', '\udfff😀');

const oddNumber = fc.constantFrom<unknown>(
  new Raw('1e308'), new Raw('-1e308'), new Raw('1e309'), new Raw('-1e309'), new Raw('-0'), new Raw('1833000000000000001'),
  new Raw('123456789012345678901234567890'), new Raw('5e-324'), new Raw('1e-400'), new Raw('0.1'), new Raw('-0.0'),
  'NaN', 'Infinity', '-Infinity', '-0', '1e308', '0x10', ' 1 ', '', '1833000000000000001',
  new Raw('9007199254740993'), -1, 0, 2147483648, -2147483649, 1.5, Number.MAX_VALUE, Number.MIN_VALUE,
);

const longArray = fc.tuple(
  fc.constantFrom<unknown>(1, 'a', null, true, {}, [], new Raw('{"a":[1,{}]}'), 'x'.repeat(20)),
  fc.integer({ min: 1_000, max: 50_000 }),
).map(([item, length]) => new Raw(`[${Array<string>(length).fill(toJson(item)).join(',')}]`));

const deepNesting = fc.tuple(fc.constantFrom('[', '{"a":', '{"__proto__":'), fc.integer({ min: 50, max: 20_000 }))
  .map(([open, depth]) => new Raw(`${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`));

const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, 0, '', [null], { '': '' }, [[[]]], ['a', 1, null]);

const specialKeys = fc.constantFrom<unknown>(
  new Entries([['__proto__', { is_admin: true, permissions: ['CREATE_USER'] }]]),
  new Entries([['constructor', { prototype: { polluted: 1 } }]]),
  new Entries([['__proto__', null], ['toString', 1], ['hasOwnProperty', 'x'], ['valueOf', []]]),
  new Entries([['a', 1], ['a', 2]]),
);

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  hugeString, withNul, loneSurrogate, oddNumber, longArray, deepNesting, wrongType, specialKeys,
  fc.jsonValue({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 60 }),
);

// ---------------------------------------------------------------------------------------------------------------
// Near-valid values from a route's declared body schema (the OpenAPI document the server serves)

type JsonSchema = {
  $ref?: string; type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema;
  enum?: unknown[]; const?: unknown; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[]; format?: string;
  minLength?: number; maxLength?: number; minimum?: number; maximum?: number; minItems?: number; maxItems?: number;
  additionalProperties?: boolean | JsonSchema; pattern?: string;
};

interface Fixture {
  /** Real ids of the caller's organisation, for `*_id` keys and uuid strings. */
  ids: string[];
  /** The real ids a key names (`project_id`: the project), where one kind fits. */
  byKey: Record<string, string[]>;
  resolve(ref: string): JsonSchema | undefined;
}

const DATE = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
const EMAIL = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}$/), fc.constantFrom('example.org', 'fuzz.test', 'b.example')).map(([local, domain]) => `${local}@${domain}`);
const QUERIES = fc.constantFrom('ballot', 'a AND b', '"harbour strike"', '#union OR @organizer', 'NOT x', '(a OR b) AND c', 'vote*');

/** GraphQL documents: valid ones, syntax errors, unknown fields, many aliases, selections nested thousands deep. */
const GRAPHQL_QUERIES = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(
    'query Q { paginatedPosts(limit: 5) { items { id } } }', 'query Q($n: Int) { paginatedPosts(limit: $n) { items { id } } }',
    'query Q { paginatedPosts(limit: 5, offset: 2, orderBy: ["-published_at"]) { items { id body } } }',
  ) },
  { weight: 2, arbitrary: fc.constantFrom(
    '{ __typename }', '{ __schema { types { name fields { name } } } }', '{ nope }', '{', 'mutation { x }', 'subscription { y }',
    'query Q { paginatedPosts(limit: -1) { items { id } } }', 'query Q { paginatedPosts(limit: 1e309) { items { id } } }',
    'query Q { paginatedPosts(offset: 99999999999) { items { id } } }', 'fragment F on Query { ...F } query Q { ...F }',
    'query Q { paginatedPosts(orderBy: ["\\u0000", "nope", "-"]) { items { id } } }',
  ) },
  fc.integer({ min: 2, max: 2_000 }).map((n) => `{ ${Array.from({ length: n }, (_unused, i) => `a${i}: paginatedPosts(limit: 1) { items { id } }`).join(' ')} }`),
  fc.integer({ min: 100, max: 50_000 }).map((n) => `${'{ paginatedPosts { items '.repeat(n)}${'} } '.repeat(n)}`),
  fc.integer({ min: 100, max: 100_000 }).map((n) => '{'.repeat(n)),
);

/** Values for keys a random string of the declared type would never get past (ids, dates, queries, domains). */
function hintFor(key: string, type: string | undefined, fixture: Fixture): fc.Arbitrary<unknown> | null {
  const ids = fixture.byKey[key];
  if (ids && type === 'string') return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) });
  if (ids && type === 'array') return fc.subarray(ids);
  if (key === 'query' && type === 'string') return GRAPHQL_QUERIES;
  if (key === 'query_string') return fc.oneof({ weight: 3, arbitrary: QUERIES }, { weight: 1, arbitrary: fc.string({ maxLength: 40 }) });
  if (['name', 'label', 'text', 'feedbackText', 'message'].includes(key) && type === 'string') return fc.string({ minLength: 1, maxLength: 40 });
  if (key === 'analyzable_type') return fc.constantFrom('domain', 'account', 'url', 'Domain', '');
  if (key === 'analyzable_id') return fc.oneof(fc.domain(), fc.string({ maxLength: 20 }));
  if (key === 'additional_properties' && type === 'object') {
    return fc.record({
      role: fc.constantFrom('Media Outlet', 'Influencer', 'x'), subcategory: fc.subarray(['Other', 'Russian State Media', 'nope']),
      name: fc.string({ maxLength: 20 }), country_of_origin: fc.constantFrom('Russia', 'Atlantis'),
    }, { requiredKeys: [] });
  }
  if (key === 'operationName') return fc.constantFrom('Q', 'Q', 'Q', 'X', '');
  if (key === 'variables') return fc.oneof(fc.constant({}), fc.record({ n: fc.oneof(fc.integer(), fc.constant<unknown>('x')) }));
  if (key.includes('domain') && type === 'array') return fc.array(fc.domain(), { maxLength: 3 });
  if (/(^|_)(start|end)_date$/.test(key) && type === 'string') return fc.oneof(DATE.map((d) => d.toISOString().slice(0, 16)), DATE.map((d) => d.toISOString()));
  return null;
}

/** A value the schema accepts, mostly (zod refinements are not in the document). */
function validFor(schema: JsonSchema | undefined, key: string, fixture: Fixture, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.$ref) return validFor(fixture.resolve(schema.$ref), key, fixture, depth + 1);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validFor(s, key, fixture, depth + 1)));
  if (schema.allOf?.length) return validFor(schema.allOf[0], key, fixture, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const hint = hintFor(key, type, fixture);
  if (hint) return hint;
  switch (type) {
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      const text = fc.string({ minLength, maxLength });
      if (schema.pattern) {
        const pattern = schema.pattern;
        try {
          return fc.oneof(fc.stringMatching(new RegExp(pattern)), text);
        } catch {
          // a pattern fast-check cannot generate from: random text
        }
      }
      if (schema.format === 'uuid') return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fixture.ids) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) });
      if (/(^|_)ids?$/.test(key)) return fc.oneof(fc.constantFrom(...fixture.ids), fc.uuid({ version: 4 }), text);
      if (schema.format === 'date-time' || /date|_at$/.test(key)) {
        return fc.oneof(DATE.map((d) => d.toISOString()), DATE.map((d) => d.toISOString().slice(0, 16)), DATE.map((d) => d.toISOString().slice(0, 10)), text);
      }
      if (schema.format === 'email' || key.includes('email')) return fc.oneof(EMAIL, text);
      if (schema.format === 'uri' || /url|link|issuer/.test(key)) return fc.oneof(fc.webUrl(), text);
      if (key.includes('query')) return fc.oneof(QUERIES, text);
      return text;
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000_000, -1_000_000_000), max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validFor(schema.items, key, fixture, depth + 1), { minLength: Math.min(schema.minItems ?? 0, 5), maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object':
      return objectFor(schema, fixture, depth + 1, false);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const OMIT = Symbol('omit');

/**
 * An object with the schema's keys, optional ones sometimes left out: all valid-ish (to reach the handler), or with
 * hostile values among them and now and then an undeclared key.
 */
function objectFor(schema: JsonSchema, fixture: Fixture, depth: number, withHostile: boolean): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const values = keys.map((key) => {
    const valid = validFor(schema.properties![key], key, fixture, depth);
    const value = withHostile ? fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostile }) : valid;
    return required.has(key) ? value : fc.option(value, { freq: 4, nil: OMIT });
  });
  const build = (chosen: unknown[], extra: Array<[string, unknown]>) =>
    new Entries([...keys.map((key, i) => [key, chosen[i]] as const).filter(([, v]) => v !== OMIT), ...extra]);
  if (!withHostile) return fc.tuple(...values).map((chosen) => build(chosen, []));
  const extraKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'organization_id', 'is_admin', ''), fc.string({ maxLength: 10 }));
  return fc.tuple(fc.tuple(...values), fc.array(fc.tuple(extraKey, hostile), { maxLength: 2 }))
    .map(([chosen, extra]) => build(chosen, extra));
}

/** A body for a route with this body schema (or none declared). */
function bodyFor(schema: JsonSchema | undefined, fixture: Fixture): fc.Arbitrary<string | undefined> {
  const noise: fc.Arbitrary<string | undefined> = fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    hostile.map(toJson),
    fc.constantFrom(undefined, '', ' ', 'null', '{', '{"a":', '[1,]', '{"a":1,}', "{'a':1}", 'NaN', '\ufeff{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '1e999'),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
  const properties = schema && Object.keys(schema.properties ?? {}).length > 0 ? schema : undefined;
  if (!properties) return noise;
  const allValid = objectFor(properties, fixture, 0, false);
  const keys = Object.keys(properties.properties!);
  const oneHostile = fc.tuple(objectFor(properties, fixture, 0, false), fc.nat({ max: keys.length - 1 }), hostile).map(([body, i, bad]) => {
    const entries = (body as Entries).entries.filter(([k]) => k !== keys[i]);
    return new Entries([...entries, [keys[i]!, bad]]);
  });
  const mixed = objectFor(properties, fixture, 0, true);
  return fc.oneof(
    { weight: 5, arbitrary: allValid.map(toJson) },
    { weight: 4, arbitrary: oneHostile.map(toJson) },
    { weight: 2, arbitrary: mixed.map(toJson) },
    { weight: 2, arbitrary: noise },
  );
}

/** A path parameter: a real id (when the route has one) or a random, sometimes badly encoded, string. */
function paramFor(real: readonly string[]): fc.Arbitrary<string> {
  const random = fc.oneof(
    fc.uuid(),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
    fc.constantFrom('%', '%zz', '%ED%A0%80', '%C0%AF', '%FF', '..%2F..%2Fetc%2Fpasswd', '%00', '-1', '0', '1e308', '9'.repeat(30),
      'x'.repeat(501), '%2F', 'null', 'undefined', '__proto__', 'constructor', '%E2%80%AE', '%F0%9F%98%80'),
  );
  return real.length ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: random }) : random;
}

/** A query-string value: a real id, a date, random text, a bad percent-encoding or a long run. */
function queryValueFor(fixture: Fixture): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...fixture.ids),
    DATE.map((d) => encodeURIComponent(d.toISOString())),
    fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
    fc.constantFrom('', '%', '%zz', '%00', '%ED%A0%80', '%C0%AF', 'a%26b%3Dc', '1e309', '-1', 'value%3Atrue', '%5B%5D', 'x'.repeat(5_000)),
  );
}

/** A query string of the route's declared parameters (some repeated, which makes an array) and now and then others. */
function queryFor(names: readonly string[], fixture: Fixture): fc.Arbitrary<string> {
  const name = names.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 8 }).map(encodeURIComponent) })
    : fc.string({ unit: 'grapheme-ascii', maxLength: 8 }).map(encodeURIComponent);
  return fc.array(fc.tuple(name, queryValueFor(fixture)), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

interface Answer { status: number; text: string; json: unknown }

/** One call with the client's cookies and CSRF header (none for `client` null), the body sent as it is. */
async function send(
  url: string, client: ApiClient | null, method: string, path: string, body: string | Uint8Array | undefined, contentType = 'application/json',
): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (client) {
    const csrf = client.cookies.get(path.startsWith(REFRESH_PATH) ? CSRF_REFRESH_COOKIE : CSRF_ACCESS_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
    headers.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  if (body !== undefined) headers['Content-Type'] = contentType;
  const payload = typeof body === 'string' || body === undefined ? body : new Uint8Array(body);
  const res = await fetch(`${url}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (client) {
    // A refresh rotates the session: keep its cookies, as the browser would.
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const value = pair!.slice(i + 1);
      if (value === '' || /Max-Age=0/i.test(c) || /Expires=Thu, 01 Jan 1970/i.test(c)) client.cookies.delete(pair!.slice(0, i));
      else client.cookies.set(pair!.slice(0, i), value);
    }
  }
  const text = await res.text();
  let json: unknown = undefined;
  try { json = JSON.parse(text); } catch { json = undefined; }
  return { status: res.status, text, json };
}

/** What is wrong with an answer: a 5xx, or not the envelope with `metadata.errors` strings (one at least on errors). */
function answerProblem(answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  const body = answer.json as { data?: unknown; metadata?: { errors?: unknown } } | undefined;
  if (!body || typeof body !== 'object' || !('data' in body) || !body.metadata || typeof body.metadata !== 'object') {
    return `answered ${answer.status} without the {data, metadata} envelope`;
  }
  const errors = body.metadata.errors;
  if (!Array.isArray(errors) || !errors.every((e) => typeof e === 'string')) return `answered ${answer.status} with metadata.errors not a list of strings`;
  if (answer.status >= 400 && errors.length === 0) return `answered ${answer.status} with no error message`;
  return null;
}

/** Answers by status, per route or upload: `FUZZ_DEBUG=1` prints them and some error texts (to tune the generators). */
const STATS: Record<string, Record<number, number>> = {};
const ERRORS: Record<string, Set<string>> = {};
afterAll(() => {
  if (!process.env.FUZZ_DEBUG) return;
  console.log(JSON.stringify(STATS, null, 1));
  for (const [what, texts] of Object.entries(ERRORS)) console.log(what, [...texts].slice(0, 12));
});

// eslint-disable-next-line no-control-regex -- NUL is what the edge refuses
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether the server parses `body` as JSON and finds NUL or an unpaired surrogate in a key or string, which the edge
 * check (core/server/http/textSanitiser.ts) must refuse with 400 on every route. Bodies with `__proto__` or
 * `constructor` keys do not count: the JSON parser refuses those first.
 */
function holdsInvalidText(body: string | Uint8Array | undefined): boolean {
  if (typeof body !== 'string') return false;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return false;
  }
  let found = false;
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      found ||= INVALID_TEXT.test(current);
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === 'object') {
      for (const [k, v] of Object.entries(current)) {
        if (k === '__proto__' || k === 'constructor') return false;
        found ||= INVALID_TEXT.test(k);
        stack.push(v);
      }
    }
  }
  return found;
}

/** The edge check's refusal, or an earlier one (the address, the size, the rate): anything else let bad text through. */
function refusedInvalidText(answer: Answer): boolean {
  if ([413, 414, 429].includes(answer.status)) return true;
  const first = (answer.json as { metadata: { errors: string[] } }).metadata.errors[0] ?? '';
  return answer.status === 400 && (first.endsWith(TEXT_MESSAGES.nul) || first.endsWith(TEXT_MESSAGES.surrogate)
    || first === TEXT_MESSAGES.address || Object.values<string>(ADDRESS_MESSAGES).includes(first));
}

/** Throws (for fast-check) with the call and the answer when the answer is wrong or never comes. */
async function expectAnswer(
  call: () => Promise<Answer>, what: string, tally: string, body?: string | Uint8Array,
): Promise<Answer> {
  let answer: Answer;
  try {
    answer = await call();
  } catch (error) {
    throw new Error(`${what}: no answer (${(error as Error).name}: ${(error as Error).message}${(error as Error).cause ? `, ${String((error as Error).cause)}` : ''})`);
  }
  const problem = answerProblem(answer) ?? (holdsInvalidText(body) && !refusedInvalidText(answer) ? 'let NUL or an unpaired surrogate through the edge check' : null);
  const counts = (STATS[tally] ??= {});
  counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  if (process.env.FUZZ_DEBUG && answer.status >= 400) (ERRORS[tally] ??= new Set()).add(shorten(answer.text, 200));
  if (problem) throw new Error(`${what}: ${problem}: ${shorten(answer.text, 400)}`);
  return answer;
}

/** A deterministic seed per name: each route gets its own sequence, the same on every run. */
function seedOf(name: string): number {
  let h = SEED;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h | 0;
}

interface Failure { what: string; seed: number; path: string | null; input: string; error: string }

/** Runs a property with fc.check and answers the failure, if any, in words someone can replay. */
async function check<T extends unknown[]>(
  what: string, property: fc.IAsyncProperty<T>, numRuns: number, describeInput: (input: T) => string,
): Promise<Failure | null> {
  const seed = seedOf(what);
  const details = await fc.check(property, { seed, numRuns, interruptAfterTimeLimit: ROUTE_TIME_LIMIT_MS, markInterruptAsFailure: true });
  if (!details.failed) return null;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? 'interrupted: runs did not finish in time');
  return {
    what, seed, path: details.counterexamplePath, input: details.counterexample ? shorten(describeInput(details.counterexample), 1200) : '(none)', error,
  };
}

const report = (failures: Failure[]) => failures.map((f) =>
  `${f.what}\n  seed ${f.seed}, path ${f.path}\n  input: ${f.input}\n  ${f.error}`).join('\n\n');

// ---------------------------------------------------------------------------------------------------------------
// Server and fixture

let t: TestServer;
let admin: ApiClient;
let refresher: ApiClient;
let fixture: Fixture;
/** Real path parameters by `METHOD path`, then parameter name; DELETE routes get victims of their own. */
let realParams: Record<string, Record<string, string[]>>;
/** The query string a route needs to reach its body at all (GraphQL: the conversation). */
let queryOf: Record<string, string>;
let openapi: {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: Array<{ in: string; name: string }> }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

async function signIn(user: { email: string; password: string }) {
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  return client;
}

async function created(res: Promise<{ status: number; body: any; text: string }>, what: string): Promise<string> {
  const answer = await res;
  if (answer.status !== 200 || typeof answer.body?.data?.id !== 'string') throw new Error(`fixture ${what}: ${answer.status} ${answer.text}`);
  return answer.body.data.id;
}

beforeAll(async () => {
  t = await startTestServer({ plugins: serverPlugins, pipeline: { worker: false }, env: RELAXED_LIMITS });
  const org = 'Org Fuzz';
  const user = await t.createUser(org, { admin: true, roles: ['Senior Analyst'] });
  admin = await signIn(user);
  refresher = await signIn(await t.createUser(org, { admin: true, roles: ['Senior Analyst'] }));
  const victim = await t.createUser(org);
  const deletable = await t.createUser(org);
  const member = await t.createUser(org);

  const project = await created(admin.post('/api/v2/project', { name: 'Fuzz project' }), 'project');
  const spareProject = await created(admin.post('/api/v2/project', { name: 'Fuzz project to delete' }), 'project');
  const conversationBody = (name: string) => ({ project_id: project, name, query_string: 'ballot', start_date: '2026-01-01T00:00', end_date: '2026-01-04T00:00' });
  const conversation = await created(admin.post('/api/v2/conversations', conversationBody('Fuzz conversation')), 'conversation');
  const spareConversation = await created(admin.post('/api/v2/conversations', conversationBody('Fuzz conversation to delete')), 'conversation');
  const group = await created(admin.post('/api/v2/group', { name: 'Fuzz team' }), 'group');
  const spareGroup = await created(admin.post('/api/v2/group', { name: 'Fuzz team to delete' }), 'group');
  await admin.post(`/api/v2/group/${group}/users`, { user_id: member.id });
  const apiKey = await created(admin.post('/api/v2/api_key', { label: 'fuzz key' }), 'api key');
  const insight = await created(admin.post('/api/v2/insights', { analyzable_type: 'domain', analyzable_id: 'fuzz.example', additional_properties: { role: 'Media Outlet' } }), 'insight');
  await admin.post('/api/v2/notes', { conversation_id: conversation, text: 'a note' });
  const sources = (await admin.get('/api/v2/posts/data-sources')).body.data as Array<{ id: string }>;
  const sourceIds = sources.map((s) => s.id);
  const layouts = ['dashboard', 'insights', 'explorer.posts'];

  fixture = {
    ids: [project, conversation, group, user.id, victim.id, member.id, user.organizationId, insight, apiKey, ...sourceIds],
    byKey: {
      project_id: [project], conversation_id: [conversation], user_id: [member.id, victim.id], organization_id: [user.organizationId],
      group_ids: [group], id: [insight, project],
    },
    resolve: (ref) => openapi.components?.schemas?.[ref.replace('#/components/schemas/', '')],
  };
  realParams = {
    'PUT /api/v2/user/:id': { id: [victim.id] },
    'DELETE /api/v2/user/:id': { id: [deletable.id] },
    'PUT /api/v2/group/:id': { id: [group] },
    'DELETE /api/v2/group/:id': { id: [spareGroup] },
    'POST /api/v2/group/:id/users': { id: [group] },
    'DELETE /api/v2/group/:id/users/:userId': { id: [group], userId: [member.id] },
    'PUT /api/v2/organization/:id': { id: [user.organizationId] },
    'PUT /api/v2/organization/:id/sso': { id: [user.organizationId] },
    'DELETE /api/v2/api_key/:id': { id: [apiKey] },
    'PUT /api/v2/workspace/layouts/:layoutId': { layoutId: layouts },
    'DELETE /api/v2/workspace/layouts/:layoutId': { layoutId: layouts },
    'PUT /api/v2/posts/data-sources/:id/organization': { id: sourceIds },
    'PATCH /api/v2/posts/data-sources/:id': { id: sourceIds },
    'PUT /api/v2/project/:id': { id: [project] },
    'DELETE /api/v2/project/:id': { id: [spareProject] },
    'PUT /api/v2/conversations/:id': { id: [conversation] },
    'DELETE /api/v2/conversations/:id': { id: [spareConversation] },
    'POST /api/v2/conversations/:id/cancel': { id: [conversation] },
  };
  queryOf = { 'POST /api/v2/graphql': `conversation_id=${conversation}` };
  openapi = t.server.http.fastify.swagger() as unknown as typeof openapi;
});
afterAll(async () => t?.close());

const key = (r: Pick<RegisteredRoute, 'method' | 'path'>) => `${r.method} ${r.path}`;
const mutating = () => t.server.http.routes.filter((r) => r.method !== 'GET');
/** Organisation settings last: enabling SSO or changing features must not narrow what the other routes reach. */
const fuzzedRoutes = () => mutating().filter((r) => !(key(r) in NOT_FUZZED))
  .sort((a, b) => Number(a.path.startsWith('/api/v2/organization')) - Number(b.path.startsWith('/api/v2/organization')));

const operationOf = (route: RegisteredRoute) => openapi.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
const bodySchemaOf = (route: RegisteredRoute) => operationOf(route)?.requestBody?.content?.['application/json']?.schema;
const queryNamesOf = (route: RegisteredRoute) => (operationOf(route)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);

async function expectHealthy(after: string) {
  const health = await expectAnswer(() => send(t.url, null, 'GET', '/api/v2/health', undefined), `GET /api/v2/health after ${after}`, 'GET /api/v2/health');
  expect(health.status, `health after ${after}`).toBe(200);
}

// ---------------------------------------------------------------------------------------------------------------

describe('the JSON bodies of the mutating routes', () => {
  // Found by this fuzz test: the router's own refusals answered Fastify's bare JSON, without the envelope or headers.
  it('answers an address the router cannot route with the envelope and the security headers', async () => {
    for (const [method, path, status, message] of [
      ['PUT', '/api/v2/project/%', 400, ADDRESS_MESSAGES.FST_ERR_BAD_URL],
      ['GET', '/api/v2/conversations/%E0%A4%A/raw_data', 400, ADDRESS_MESSAGES.FST_ERR_BAD_URL],
      ['DELETE', `/api/v2/project/${'x'.repeat(501)}`, 414, ADDRESS_MESSAGES.FST_ERR_MAX_PARAM_LENGTH],
    ] as const) {
      const res = await fetch(`${t.url}${path}`, { method, headers: { Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      expect([method, path, res.status]).toEqual([method, path, status]);
      expect(await res.json()).toEqual({ data: null, metadata: { errors: [message], msg: 'Invalid request', info: null, pagination_info: null } });
      expect(res.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('leave no mutating route unfuzzed but the listed ones, each for its reason', () => {
    const registered = new Set(mutating().map(key));
    expect(Object.keys(NOT_FUZZED).filter((k) => !registered.has(k)), 'listed but no longer registered').toEqual([]);
    expect(fuzzedRoutes().length).toBeGreaterThanOrEqual(40);
  });

  it('answer every generated body below 500 with the envelope, and the server stays healthy', async () => {
    const failures: Failure[] = [];
    for (const route of fuzzedRoutes()) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const params = fc.tuple(...names.map((n) => paramFor(realParams[key(route)]?.[n] ?? [])));
      // Public sign-in calls go without a session; the refresh rotates the session of a client of its own.
      const client = route.access.public ? (route.path === REFRESH_PATH ? refresher : null) : admin;
      // A route's own query string (GraphQL: the conversation) and, for routes that declare parameters, generated ones.
      const declared = queryNamesOf(route);
      const query = declared.length ? fc.option(queryFor(declared, fixture), { freq: 2, nil: '' }) : fc.constant('');
      const pathOf = (values: string[], extra: string) => {
        const address = names.reduce((p, n, i) => p.replace(`:${n}`, values[i]!), route.path);
        const search = [queryOf[key(route)], extra].filter(Boolean).join('&');
        return search ? `${address}?${search}` : address;
      };
      const property = fc.asyncProperty(params, query, bodyFor(bodySchemaOf(route), fixture), async (values, extra, body) => {
        const path = pathOf(values, extra);
        await expectAnswer(() => send(t.url, client, route.method, path, body), `${route.method} ${path}`, key(route), body);
      });
      const failure = await check(key(route), property, RUNS_PER_ROUTE, ([values, extra, body]) => `${pathOf(values, extra)} ${body === undefined ? '(no body)' : body}`);
      if (failure) failures.push(failure);
      await expectHealthy(key(route));
    }
    expect(report(failures)).toBe('');
    // Not only refusals: most routes did what they are for at least once, so the bodies reach the handlers (a dead
    // session would answer 401 to everything and pass the checks above).
    const reached = fuzzedRoutes().filter((r) => Object.keys(STATS[key(r)] ?? {}).some((status) => status.startsWith('2')));
    expect(reached.length, `routes answering 2xx at least once: ${reached.map(key).join(', ')}`).toBeGreaterThanOrEqual(Math.ceil(fuzzedRoutes().length * 0.6));
  }, 240_000 * SCALE);
});

// ---------------------------------------------------------------------------------------------------------------
// Files

const lineBreak = fc.constantFrom('\n', '\r\n', '\r', '\n\n');
const BOM = '\ufeff';

/** Bytes that are not UTF-8: stray continuation bytes, overlong forms, surrogates, a sequence cut short. */
const INVALID_UTF8 = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xf0, 0x9f, 0x98]];

/** Text as bytes, sometimes with a BOM before it and invalid UTF-8 spliced in. */
const asBytes = (text: fc.Arbitrary<string>) => fc.tuple(
  text, fc.boolean(), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVALID_UTF8)), { maxLength: 2 }),
).map(([s, bom, splices]) => {
  let bytes = Buffer.from(bom ? BOM + s : s, 'utf8');
  for (const [at, bad] of splices) {
    const i = at % (bytes.length + 1);
    bytes = Buffer.concat([bytes.subarray(0, i), Buffer.from(bad), bytes.subarray(i)]);
  }
  return new Uint8Array(bytes);
});

const cellText = fc.oneof(
  fc.string({ maxLength: 20 }), fc.constantFrom('', ' ', '1833000000000000001', '2025-05-01T12:00:00Z', '1746100000', 'twitter', 'domain',
    'account', 'fuzz.example', 'https://a.example/x?y=1', 'a;b|c', 'NaN', '-0', '1e309', '\u0000', '=cmd|calc', '\t'),
);
/** A CSV field as it might be written: plain, quoted with doubled quotes, quoted across lines, unclosed, a stray quote. */
const csvField = fc.oneof(
  { weight: 4, arbitrary: cellText.map((s) => s.replace(/[",\r\n]/g, '')) },
  { weight: 2, arbitrary: cellText.map((s) => `"${s.replaceAll('"', '""')}"`) },
  { weight: 1, arbitrary: fc.tuple(cellText, lineBreak, cellText).map(([a, br, b]) => `"${a.replaceAll('"', '""')}${br}${b.replaceAll('"', '""')}"`) },
  { weight: 1, arbitrary: cellText.map((s) => `"${s}`) },
  { weight: 1, arbitrary: fc.tuple(cellText, cellText).map(([a, b]) => `${a}"${b}`) },
  { weight: 1, arbitrary: fc.tuple(cellText, cellText).map(([a, b]) => `"${a}"${b}`) },
);

/** Fields quoted as a careful writer would: the insights import refuses a whole file for one stray quote. */
const cleanCsvField = fc.oneof(
  { weight: 4, arbitrary: cellText.map((s) => s.replace(/[",\r\n]/g, '')) },
  { weight: 2, arbitrary: cellText.map((s) => `"${s.replaceAll('"', '""')}"`) },
);

function csvFile(columns: readonly string[], required: readonly string[]): fc.Arbitrary<string> {
  const header = fc.oneof(
    { weight: 4, arbitrary: fc.shuffledSubarray(columns.filter((c) => !required.includes(c))).chain((rest) => fc.shuffledSubarray([...required, ...rest], { minLength: required.length + rest.length })) },
    { weight: 1, arbitrary: fc.shuffledSubarray([...columns], { minLength: 1 }) },
    { weight: 1, arbitrary: fc.array(fc.oneof(fc.constantFrom(...columns), fc.string({ maxLength: 8 })), { maxLength: 10 }) },
  ).map((names) => names.map((n) => (n.includes(',') || n.includes('"') ? `"${n.replaceAll('"', '""')}"` : n)));
  const rows = fc.constantFrom(csvField, cleanCsvField).chain((field) => fc.array(fc.array(field, { maxLength: columns.length + 2 }), { maxLength: 25 }));
  return fc.tuple(header, rows, lineBreak, fc.boolean())
    .map(([names, body, br, trailing]) => [names.join(','), ...body.map((r) => r.join(','))].join(br) + (trailing ? br : ''));
}

const POST_KEYS = [
  'platform', 'class', 'rid', 'body', 'title', 'subject', 'published_at', 'language', 'lang', 'urls', 'images', 'hashtags', 'mentions',
  'entities', 'repost_of', 'quote_of', 'reply_to', 'additional_properties', 'source_url', 'user_rid', 'user_id', 'screen_name',
  'display_name', 'avatar_url', 'accounts_url', 'publishedAt', 'sourceUrl',
];
const FOURCAT_KEYS = [
  'id', 'no', 'com', 'resto', 'thread_id', 'body', 'message', 'text', 'timestamp', 'unix_timestamp', 'date', 'time', 'created_utc',
  'author', 'author_id', 'author_username', 'author_fullname', 'urls', 'link_url', 'hashtags', 'views', 'likes', 'retweets', 'board',
  'subreddit', 'source_platform', 'platform', 'datasource', 'url', 'subject', 'reply_to',
];
const AUTHOR_KEYS = ['rid', 'user_id', 'screen_name', 'display_name', 'created_at', 'url', 'bio', 'location', 'avatar_url', 'embedded_profile_url', 'additional_properties'];

const recordValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: cellText },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(
    new Raw('1833000000000000001'), new Raw('1833000000000000002'), new Raw('-1833000000000000001'), new Raw('1.833000000000000001e18'),
    new Raw('1e309'), new Raw('-0'), 1746100000, 1746100000123, 0, -1, 12.5, true, null, [], {}, ['https://a.example', 'b'],
  ) },
  { weight: 1, arbitrary: hostile.filter((v) => !(v instanceof Raw && v.text.length > 20_000)) },
);
const entriesOf = (keys: readonly string[], extra: fc.Arbitrary<unknown> = recordValue) =>
  fc.array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), extra), { maxLength: 12 })
    .map((entries) => new Entries(entries));
const nativeRecord = fc.tuple(entriesOf(POST_KEYS), fc.option(entriesOf(AUTHOR_KEYS))).map(([post, author]) =>
  new Entries(author ? [...post.entries, ['author', author]] : post.entries));
const fourCatRecord = fc.oneof(
  entriesOf(FOURCAT_KEYS),
  fc.tuple(entriesOf(['source_platform', 'item_id', 'source_url', 'timestamp_collected']), entriesOf(FOURCAT_KEYS)).map(([meta, data]) => new Entries([...meta.entries, ['data', data]])),
  fc.tuple(entriesOf(FOURCAT_KEYS), entriesOf(['username', 'id', 'title']), entriesOf(['id', 'username', 'first_name', 'last_name']))
    .map(([item, chat, sender]) => new Entries([...item.entries, ['_chat', chat], ['_sender', sender]])),
);

/** JSON Lines: records, broken lines, blank lines, a line of garbage. */
function jsonLines(record: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const line = fc.oneof(
    { weight: 6, arbitrary: record.map(toJson) },
    { weight: 1, arbitrary: fc.constantFrom('', '   ', '{', '{"rid": ', '[1, 2]', 'null', '"text"', '{"a":1}{"b":2}', '\u0000') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  );
  return fc.tuple(fc.array(line, { maxLength: 25 }), lineBreak).map(([lines, br]) => lines.join(br));
}

const insightObject = entriesOf([...IMPORT_COLUMNS, 'additional_properties', 'status', 'id'], fc.oneof(recordValue, fc.constantFrom(
  'domain', 'account', 'url', 'twitter', 'low', 'medium', 'high', 'permanent', 'temporary', ['en', 'de'], 'Russia', 'Media Outlet',
)));
const insightJson = fc.oneof(
  fc.array(insightObject, { maxLength: 20 }).map(toJson),
  fc.tuple(fc.array(insightObject, { maxLength: 20 }), lineBreak).map(([rows, br]) => rows.map(toJson).join(br)),
  fc.array(insightObject, { maxLength: 5 }).map((rows) => new Entries([['insights', rows]])).map(toJson),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  deepNesting.map(toJson),
);

/** A line longer than the importers' 1 MB line limit, between two short ones. */
const LONG_LINE = new Uint8Array(Buffer.from(`{"rid": 1}\n"${'x'.repeat(1024 * 1024 + 10)}"\n{"rid": 2}\n`));

/** Anything at all, then the format's own shape. */
const randomFile = fc.oneof(
  { weight: 6, arbitrary: fc.uint8Array({ maxLength: 4096 }) },
  { weight: 1, arbitrary: fc.constant(LONG_LINE) },
  { weight: 6, arbitrary: asBytes(fc.tuple(fc.array(fc.string({ unit: 'binary', maxLength: 80 }), { maxLength: 30 }), lineBreak).map(([lines, br]) => lines.join(br))) },
);
const FILES = {
  jsonl: fc.oneof({ weight: 1, arbitrary: randomFile }, { weight: 4, arbitrary: asBytes(jsonLines(nativeRecord)) }),
  ndjson: fc.oneof({ weight: 1, arbitrary: randomFile }, { weight: 4, arbitrary: asBytes(jsonLines(fourCatRecord)) }),
  csv: fc.oneof({ weight: 1, arbitrary: randomFile }, { weight: 4, arbitrary: asBytes(csvFile(QUT_COLUMNS, ['message_id', 'user_id', 'timestamp'])) }),
  insightsCsv: fc.oneof({ weight: 1, arbitrary: randomFile }, { weight: 4, arbitrary: asBytes(csvFile(IMPORT_COLUMNS, ['analyzable_type', 'analyzable_id'])) }),
  insightsJson: fc.oneof({ weight: 1, arbitrary: randomFile }, { weight: 4, arbitrary: asBytes(insightJson) }),
} as const;

const showBytes = (bytes: Uint8Array) => JSON.stringify(Buffer.from(bytes).toString('utf8'));

/** Splits bytes into chunks at the given cut points: a stream's chunk boundaries fall anywhere. */
function chunked(bytes: Uint8Array, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    if (p > from) chunks.push(Buffer.from(bytes.subarray(from, p)));
    from = Math.max(from, p);
  }
  return chunks;
}

describe('the import parsers', () => {
  it('answer every generated upload below 500 with the envelope, and the server stays healthy', async () => {
    const failures: Failure[] = [];
    const uploads: Array<[string, string, fc.Arbitrary<Uint8Array>]> = [
      ['posts jsonl', '/api/v2/posts/import?format=jsonl&file_name=f.jsonl', FILES.jsonl],
      ['posts ndjson', '/api/v2/posts/import?format=ndjson&file_name=f.ndjson', FILES.ndjson],
      ['posts csv', '/api/v2/posts/import?format=csv&file_name=f.csv', FILES.csv],
      ['insights csv', '/api/v2/insights/import?format=csv&file_name=f.csv', FILES.insightsCsv],
      ['insights json', '/api/v2/insights/import?format=json&file_name=f.json', FILES.insightsJson],
    ];
    // More parameters: a platform, now and then generated ones (a second format, a NUL or a 5,000-character file name).
    const extraQuery = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('', '', '&platform=twitter', '&platform=reddit', '&platform=telegram', '&platform=myspace') },
      { weight: 1, arbitrary: queryFor(['platform', 'file_name', 'format'], fixture).map((q) => (q ? `&${q}` : '')) },
    );
    for (const [name, path, file] of uploads) {
      const property = fc.asyncProperty(file, extraQuery, async (bytes, extra) => {
        const target = path + extra;
        await expectAnswer(() => send(t.url, admin, 'POST', target, bytes, 'application/octet-stream'), `POST ${target}`, `upload ${name}`);
      });
      const failure = await check(`upload ${name}`, property, RUNS_PER_UPLOAD_FORMAT, ([bytes, extra]) => `${extra} ${showBytes(bytes)}`);
      if (failure) failures.push(failure);
      await expectHealthy(`upload ${name}`);
    }
    expect(report(failures)).toBe('');
    // Each upload stored rows at least once: the files get past the file-level checks into the row parsers.
    expect(uploads.filter(([name]) => !STATS[`upload ${name}`]?.[200]).map(([name]) => name)).toEqual([]);
  }, 120_000 * SCALE);

  it('read every generated posts file in-process into posts or reasons, never throwing (but ImportError for a CSV header)', async () => {
    const failures: Failure[] = [];
    for (const format of ['jsonl', 'ndjson', 'csv'] as const) {
      const property = fc.asyncProperty(FILES[format], fc.array(fc.nat(), { maxLength: 6 }), fc.constantFrom(null, 'twitter', 'reddit' as const),
        async (bytes, cuts, platform) => {
          let lastLine = 0;
          try {
            for await (const item of readRecords(Readable.from(chunked(bytes, cuts)), format, platform)) {
              if (!Number.isInteger(item.line) || item.line < 1) throw new Error(`line ${item.line} is not a line number`);
              if (item.line < lastLine) throw new Error(`line ${item.line} after line ${lastLine}`);
              lastLine = item.line;
              if (item.mapped.ok) normalizePost(item.mapped.post);
              else if (typeof item.mapped.reason !== 'string' || item.mapped.reason === '') throw new Error('a refused record without a reason');
            }
          } catch (error) {
            if (!(format === 'csv' && error instanceof ImportError)) throw error;
          }
        });
      const failure = await check(`readRecords ${format}`, property, RUNS_IN_PROCESS, ([bytes, cuts, platform]) => `${platform} cuts ${cuts} ${showBytes(bytes)}`);
      if (failure) failures.push(failure);
    }
    expect(report(failures)).toBe('');
  }, 60_000 * SCALE);

  it('import every generated insights file in-process as an outcome, never throwing', async () => {
    const failures: Failure[] = [];
    for (const [format, file] of [['csv', FILES.insightsCsv], ['json', FILES.insightsJson]] as const) {
      const property = fc.asyncProperty(file, async (bytes) => {
        const outcome = importInsights(bytes, format);
        if (outcome.ok) {
          for (const row of [...outcome.accepted, ...outcome.refused]) {
            if (!Number.isInteger(row.line) || row.line < 1) throw new Error(`line ${row.line} is not a line number`);
          }
          for (const row of outcome.refused) if (!row.errors.every((e) => e.startsWith(`Line ${row.line}: `))) throw new Error(`refused row without its line: ${row.errors}`);
        } else if (typeof outcome.error !== 'string' || outcome.error === '') {
          throw new Error('a refused file without a reason');
        }
      });
      const failure = await check(`importInsights ${format}`, property, RUNS_IN_PROCESS * 2, ([bytes]) => showBytes(bytes));
      if (failure) failures.push(failure);
    }
    expect(report(failures)).toBe('');
  }, 60_000 * SCALE);
});
