import { describe, expect, it } from 'vitest';
import { badRequest } from './errors';
import { isExactIssue, parsedQuery, searchParamsFrom } from './querySchema';

describe('query schemas that parse with the route\'s own words', () => {
  const limitQuery = parsedQuery(['limit'], (p) => {
    const raw = p.getAll('limit');
    if (raw.length > 1 || (raw[0] !== undefined && !/^\d+$/.test(raw[0]))) throw badRequest('limit must be an integer from 1 to 300');
    return { limit: raw[0] === undefined ? 20 : Number(raw[0]), rest: p.getAll('platforms') };
  });

  it('answers the parse of the parameters, repeats kept in order', () => {
    expect(limitQuery.parse({ limit: '50', platforms: ['reddit:true', 'gab:false'] })).toEqual({ limit: 50, rest: ['reddit:true', 'gab:false'] });
    expect(limitQuery.parse({})).toEqual({ limit: 20, rest: [] });
  });

  it('turns a 400 of the parse into exact issues carrying its message', () => {
    const result = limitQuery.safeParse({ limit: ['1', '2'] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(['limit must be an integer from 1 to 300']);
    // As fastify-type-provider-zod hands the issue to the error handler: everything but path, code and message.
    const { path: _path, code: _code, message: _message, ...params } = result.error!.issues[0]!;
    expect(isExactIssue(params)).toBe(true);
  });

  it('rebuilds URLSearchParams from a parsed query object', () => {
    expect(searchParamsFrom({ a: 'x y', b: ['1', '2'], c: undefined }).toString()).toBe('a=x+y&b=1&b=2');
  });
});
