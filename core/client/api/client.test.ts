import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiGet, apiMutate } from './client';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const envelope = (data: unknown, errors: string[] = []) => ({ data, metadata: { errors, info: null, msg: errors[0] ?? null, pagination_info: null } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'csrf_access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.cookie = 'csrf_refresh_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

/** The spec's read and mutation rules (part 1 sections 7 and 8), exercised at the browser's network boundary. */
describe('API client', () => {
  it('sends the CSRF header from its cookie on every call, and the refresh twin on the refresh call', async () => {
    document.cookie = 'csrf_access_token=access-csrf';
    document.cookie = 'csrf_refresh_token=refresh-csrf';
    const seen: Array<Record<string, string>> = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      seen.push(init.headers as Record<string, string>);
      return answer(200, envelope({}));
    }));
    await apiGet('/api/v2/x');
    await apiMutate('POST', '/api/v2/user/refresh', { body: {} });
    expect(seen[0]!['X-CSRF-TOKEN']).toBe('access-csrf');
    expect(seen[1]!['X-CSRF-TOKEN']).toBe('refresh-csrf');
  });

  it('signs out with the refresh twin once the access token and its twin have expired (logout needs a CSRF header)', async () => {
    document.cookie = 'csrf_refresh_token=refresh-csrf';
    const seen: Array<Record<string, string>> = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      seen.push(init.headers as Record<string, string>);
      return answer(200, envelope({ logged_out: true }));
    }));
    await apiGet('/api/v2/user/logout');
    await apiGet('/api/v2/x');
    expect(seen[0]!['X-CSRF-TOKEN']).toBe('refresh-csrf');
    // Other calls never send the refresh value.
    expect(seen[1]!['X-CSRF-TOKEN']).toBeUndefined();
  });

  it('gives nothing for a 404 read and throws with the status for other failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url.includes('missing') ? answer(404, envelope(null, ['Not found'])) : answer(500, envelope(null, ['Internal server error'])))));
    expect(await apiGet('/api/v2/missing')).toBeNull();
    const error = await apiGet('/api/v2/broken').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).message).toBe('Internal server error');
  });

  it("throws 'error completing action' with the status when a mutation fails", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(422, envelope(null, ['quota reached']))));
    const error = (await apiMutate('POST', '/api/v2/conversations', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('error completing action');
    expect(error.status).toBe(422);
    expect(error.metadata?.errors).toEqual(['quota reached']);
  });

  it('logs a warning when an answer does not match its schema and still uses the data', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, envelope({ count: 'three' }))));
    const data = await apiGet('/api/v2/count', { schema: z.object({ count: z.number() }) });
    expect(data).toEqual({ count: 'three' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/api/v2/count did not match its schema'));
  });
});
