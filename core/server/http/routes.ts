import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok, type Metadata } from '@core/shared/api/envelope';
import type { Permission } from '@core/shared/access/permissions';
import type { SessionUser } from '../auth/sessionUser';
import type { ServerContext } from '../plugin/context';
import { ownerOfPath, prefixCovers, type PrefixClaim } from '../plugin/prefixes';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a route is reached: signed in (optionally with a permission) unless declared public. */
export interface RouteAccess {
  public?: boolean;
  permission?: Permission;
  /** Only public sign-in calls may skip CSRF: there is no session yet to protect. */
  csrf?: boolean;
  /** Reachable by a user who must enrol in MFA first (enrolment, current user, password); others answer 403. */
  allowBeforeMfa?: boolean;
}

/** Per-IP limit (@fastify/rate-limit) for sign-in and password calls: `max` calls per `timeWindow` ms. */
export interface RouteRateLimit {
  max: number;
  timeWindow: number;
  /** Routes sharing a group share one counter per client address. */
  groupId: string;
  /** The 429 answer's message; the sign-in wording (RATE_LIMITED) by default. */
  message?: string;
}

export interface RouteSpec<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>
  extends RouteAccess {
  summary: string;
  description?: string;
  query?: Q;
  params?: P;
  body?: B;
  /** Schema of the `data` part; the `{data, metadata}` envelope is added for every answer. */
  response: R;
  /** The answer is a file or stream written by the handler itself (exports); documented but not enveloped. */
  raw?: boolean;
  rateLimit?: RouteRateLimit;
  /** Largest request body in bytes (default: the server's 2 MB); larger answers 413 before it is read. */
  bodyLimit?: number;
  tags?: string[];
}

/** Answer with metadata (pagination, info) besides the data. */
export class Answer<T> {
  constructor(readonly data: T, readonly metadata: Partial<Metadata> = {}, readonly status = 200) {}
}

export interface RouteContext<Q, P, B> {
  query: Q;
  params: P;
  body: B;
  /** Null only on public routes. */
  user: SessionUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
  app: ServerContext;
}

/** A signed-in route's user: present by construction (the auth hook refused the call otherwise). */
export function requireUser(ctx: { user: SessionUser | null }): SessionUser {
  if (!ctx.user) throw new Error('requireUser called on a public route');
  return ctx.user;
}

type Handler<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = (
  ctx: RouteContext<z.output<Q>, z.output<P>, z.output<B>>,
) => Promise<z.input<R> | Answer<z.input<R>> | void>;

export interface RouteRegistrar {
  /**
   * The server the routes belong to. Handlers get it as `ctx.app`; a query schema that checks against a service
   * (sort keys a plugin registers) reads it lazily at parse time, after every plugin has activated.
   */
  readonly app: ServerContext;
  get<Q extends z.ZodType = z.ZodAny, P extends z.ZodType = z.ZodAny, R extends z.ZodType = z.ZodAny>(
    path: string, spec: RouteSpec<Q, P, z.ZodAny, R>, handler: Handler<Q, P, z.ZodAny, R>): void;
  post<Q extends z.ZodType = z.ZodAny, P extends z.ZodType = z.ZodAny, B extends z.ZodType = z.ZodAny, R extends z.ZodType = z.ZodAny>(
    path: string, spec: RouteSpec<Q, P, B, R>, handler: Handler<Q, P, B, R>): void;
  put<Q extends z.ZodType = z.ZodAny, P extends z.ZodType = z.ZodAny, B extends z.ZodType = z.ZodAny, R extends z.ZodType = z.ZodAny>(
    path: string, spec: RouteSpec<Q, P, B, R>, handler: Handler<Q, P, B, R>): void;
  patch<Q extends z.ZodType = z.ZodAny, P extends z.ZodType = z.ZodAny, B extends z.ZodType = z.ZodAny, R extends z.ZodType = z.ZodAny>(
    path: string, spec: RouteSpec<Q, P, B, R>, handler: Handler<Q, P, B, R>): void;
  delete<Q extends z.ZodType = z.ZodAny, P extends z.ZodType = z.ZodAny, B extends z.ZodType = z.ZodAny, R extends z.ZodType = z.ZodAny>(
    path: string, spec: RouteSpec<Q, P, B, R>, handler: Handler<Q, P, B, R>): void;
}

export interface RegisteredRoute {
  owner: string;
  method: Method;
  path: string;
  access: RouteAccess;
}

/** @fastify/rate-limit's route options: the limit, and a builder when the route has its own message. */
function rateLimitConfig({ message, ...limit }: RouteRateLimit) {
  if (!message) return limit;
  return { ...limit, errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number }) => ({ statusCode: context.statusCode, message }) };
}

/**
 * Registers routes for one owner (core or a plugin): zod schemas for validation and OpenAPI, the envelope on
 * every answer, and the access declaration the auth hook enforces. `allowedPrefixes` is the owner's claim;
 * a route outside it is a start-up error.
 */
export function createRegistrar(
  fastify: FastifyInstance,
  app: ServerContext,
  owner: string,
  allowedPrefixes: readonly string[] | null,
  registered: RegisteredRoute[],
  claims: readonly PrefixClaim[] = [],
): RouteRegistrar {
  const add = (method: Method) => (path: string, spec: RouteSpec<any, any, any, any>, handler: Handler<any, any, any, any>) => {
    if (allowedPrefixes && !allowedPrefixes.some((p) => prefixCovers(p, path))) {
      throw new Error(`Route ${method} ${path} of '${owner}' lies outside its declared prefixes (${allowedPrefixes.join(', ') || 'none'})`);
    }
    // The most specific claim owns a path: a plugin may not register under another plugin's narrower prefix.
    const claimant = ownerOfPath(path, claims);
    if (claimant && claimant.owner !== owner) {
      throw new Error(`Route ${method} ${path} of '${owner}' lies inside '${claimant.owner}'s prefix ${claimant.prefix}`);
    }
    const clash = registered.find((r) => r.method === method && r.path === path);
    if (clash) throw new Error(`Route ${method} ${path} is claimed by both '${clash.owner}' and '${owner}'`);
    const access: RouteAccess = {
      public: spec.public ?? false, permission: spec.permission, csrf: spec.csrf ?? true, allowBeforeMfa: spec.allowBeforeMfa ?? false,
    };
    if (!access.public && access.csrf === false) throw new Error(`Route ${method} ${path}: only public routes may skip CSRF`);
    registered.push({ owner, method, path, access });

    fastify.withTypeProvider<ZodTypeProvider>().route({
      method,
      url: path,
      config: { access, owner, ...(spec.rateLimit ? { rateLimit: rateLimitConfig(spec.rateLimit) } : {}) },
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
      // Only declared parts: Fastify warns about (and OpenAPI would document) undefined ones.
      schema: Object.fromEntries(Object.entries({
        summary: spec.summary,
        description: spec.description,
        tags: spec.tags ?? [owner],
        querystring: spec.query,
        params: spec.params,
        body: spec.body,
        response: spec.raw ? undefined : { 200: envelope(spec.response) },
        security: access.public ? undefined : [{ cookieAuth: [] }],
      }).filter(([, v]) => v !== undefined)),
      handler: async (request, reply) => {
        const result = await handler({
          query: request.query,
          params: request.params,
          body: request.body,
          user: request.sessionUser ?? null,
          request,
          reply,
          app,
        });
        if (spec.raw || reply.sent) return reply;
        if (result instanceof Answer) return reply.status(result.status).send(ok(result.data, result.metadata));
        return reply.send(ok(result ?? null));
      },
    });
  };
  return { app, get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') };
}
