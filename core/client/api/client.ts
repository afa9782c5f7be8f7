import type { z } from 'zod';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER, CSRF_REFRESH_COOKIE, LOGOUT_PATH, REFRESH_PATH } from '@core/shared/api/cookies';
import type { Metadata } from '@core/shared/api/envelope';
import { reportLog } from './logReporter';

/** A failed call: carries the HTTP status and the server's first error message. */
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly metadata: Metadata | null = null) {
    super(message);
  }
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

type Query = Record<string, string | number | boolean | string[] | null | undefined> | URLSearchParams;

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = query instanceof URLSearchParams ? new URLSearchParams(query) : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [k, v] of Object.entries(query)) {
      if (v === null || v === undefined) continue;
      if (Array.isArray(v)) v.forEach((x) => params.append(k, x));
      else params.set(k, String(v));
    }
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export interface CallOptions<T> {
  query?: Query;
  body?: unknown;
  /** Schema of `data`; a failed parse logs a warning and the data is still used (spec part 1 section 7). */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

async function send(method: string, path: string, opts: CallOptions<unknown>): Promise<Response> {
  // Every call carries the CSRF header from its cookie; the refresh call uses the refresh cookie's twin, and
  // logout falls back to it when the access token (and its twin) has expired, so signing out still works.
  const csrf = path.startsWith(REFRESH_PATH)
    ? readCookie(CSRF_REFRESH_COOKIE)
    : readCookie(CSRF_ACCESS_COOKIE) ?? (path.startsWith(LOGOUT_PATH) ? readCookie(CSRF_REFRESH_COOKIE) : null);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (csrf) headers[CSRF_HEADER] = csrf;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(buildUrl(path, opts.query), {
    method,
    headers,
    credentials: 'same-origin',
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
}

async function readEnvelope(res: Response): Promise<{ data: unknown; metadata: Metadata | null }> {
  try {
    const json = (await res.json()) as { data?: unknown; metadata?: Metadata };
    return { data: json.data ?? null, metadata: json.metadata ?? null };
  } catch {
    return { data: null, metadata: null };
  }
}

function parseData<T>(path: string, data: unknown, schema?: z.ZodType<T>): T {
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    reportLog('warn', `Response of ${path} did not match its schema: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    return data as T;
  }
  return parsed.data;
}

/** Reads: 404 gives nothing (null); any other status of 400 and above throws with the status and is logged. */
export async function apiGet<T>(path: string, opts: CallOptions<T> = {}): Promise<T | null> {
  const answer = await apiGetWithMetadata(path, opts);
  return answer ? answer.data : null;
}

/** Mutations: a non-2xx answer throws 'error completing action' carrying the status and server messages. */
export async function apiMutate<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, opts: CallOptions<T> = {}): Promise<T> {
  const res = await send(method, path, opts as CallOptions<unknown>);
  const { data, metadata } = await readEnvelope(res);
  if (res.status < 200 || res.status > 299) throw new ApiError('error completing action', res.status, metadata);
  return parseData(path, data, opts.schema);
}

/** Like apiGet, but answers the metadata too (pagination_info). */
export async function apiGetWithMetadata<T>(path: string, opts: CallOptions<T> = {}): Promise<{ data: T; metadata: Metadata } | null> {
  const res = await send('GET', path, opts as CallOptions<unknown>);
  const { data, metadata } = await readEnvelope(res);
  if (res.status === 404) return null;
  if (res.status >= 400) {
    const message = metadata?.errors?.[0] ?? `Request failed with status ${res.status}`;
    reportLog('error', `GET ${path} failed with status ${res.status}: ${message}`);
    throw new ApiError(message, res.status, metadata);
  }
  return { data: parseData(path, data, opts.schema), metadata: metadata ?? { errors: [], info: null, msg: null, pagination_info: null } };
}
