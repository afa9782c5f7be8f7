import fs from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors, isResponseSerializationError, jsonSchemaTransform,
  serializerCompiler, validatorCompiler,
} from 'fastify-type-provider-zod';
import { failure } from '@core/shared/api/envelope';
import { AUTH_MESSAGES, CSRF_HEADER, MUTATING_METHODS } from '@core/shared/api/cookies';
import { MFA_MESSAGES, RATE_LIMITED } from '@core/shared/access/session';
import { can } from '@core/shared/access/permissions';
import type { SessionUser } from '../auth/sessionUser';
import { safeEqual } from '../auth/tokens';
import { SharedRateLimitStore } from '../auth/rateLimitStore';
import type { ServerContext } from '../plugin/context';
import { HttpError } from './errors';
import { addSecurityHeaders, setSecurityHeaders } from './securityHeaders';
import { addressHasNul, invalidTextIn, TEXT_MESSAGES } from './textSanitiser';
import { isExactIssue } from './querySchema';
import type { PrefixClaim } from '../plugin/prefixes';
import { createRegistrar, type RegisteredRoute, type RouteAccess, type RouteRegistrar } from './routes';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    owner?: string;
  }
}

/** Paths that only exist as declared routes: anything under them without an access declaration is refused. */
const GUARDED = ['/api/', '/logreporter'];
const isGuarded = (url: string) => GUARDED.some((g) => url.startsWith(g));

/**
 * Answers over 1 kB go out brotli- or gzip-compressed when the client accepts it (a raw data page, a 20k-account
 * graph of 14 MB JSON). Brotli at quality 4: its default (11) costs seconds on a large answer, 4 compresses JSON
 * about as well as gzip -6 at a fraction of the time. Assets are precompressed at build time (ADR 0004).
 */
const API_COMPRESSION = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};

/** The router's refusals of an address it cannot route, in words of our own (Fastify's quote the address back). */
export const ADDRESS_MESSAGES = {
  FST_ERR_BAD_URL: 'The request address is not valid (a malformed percent-encoding)',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the request address is too long',
} as const;

export interface HttpHost {
  fastify: FastifyInstance;
  routes: RegisteredRoute[];
  registrar(owner: string, prefixes: readonly string[] | null, claims?: readonly PrefixClaim[]): RouteRegistrar;
}

export async function createHttpHost(ctx: ServerContext): Promise<HttpHost> {
  const fastify: FastifyInstance = Fastify({
    loggerInstance: ctx.logger as unknown as FastifyBaseLogger,
    bodyLimit: 2 * 1024 * 1024,
    // Query arrays (`platforms=a&platforms=b`) arrive as arrays; filters are decoded from the raw string anyway.
    routerOptions: { maxParamLength: 500 },
    // Behind a reverse proxy the client's address (rate limits, audit) comes from X-Forwarded-For.
    trustProxy: ctx.config.access.trustProxy,
    // The router's own refusals (a malformed percent-encoding such as `/api/v2/project/%`, a path parameter over
    // maxParamLength) reach no hook and no error handler: without this they answered Fastify's bare JSON, neither the
    // envelope nor the security headers (found by tests/integration/security/fuzz.test.ts).
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request, reply, isGuarded);
      const message = ADDRESS_MESSAGES[error.code as keyof typeof ADDRESS_MESSAGES] ?? error.message;
      return (reply as FastifyReply).status(error.statusCode ?? 400).send(failure([message], 'Invalid request'));
    },
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  // First, so that every answer carries them: pages, bundle files, API answers, 404s, 413s and 429s.
  addSecurityHeaders(fastify, isGuarded);
  await fastify.register(cookie);
  await fastify.register(compress, API_COMPRESSION);
  // Only routes that declare `rateLimit` (sign-in, password and log-report calls) are limited, per client address.
  await fastify.register(rateLimit, {
    global: false,
    store: SharedRateLimitStore,
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: RATE_LIMITED }),
  });
  await fastify.register(swagger, {
    openapi: {
      info: { title: 'Narrascope API', version: '2.0.0', description: 'Every answer is {data, metadata}.' },
      components: { securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token_cookie' } } },
    },
    transform: jsonSchemaTransform,
  });
  fastify.decorateRequest('sessionUser', null);
  // Uploads (posts import) read `request.body` as the unread request stream: a 1 GB file is never buffered.
  fastify.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  const routes: RegisteredRoute[] = [];

  fastify.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (isGuarded(url) && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${url} has no access declaration; register it through a RouteRegistrar`);
    }
  });

  fastify.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const auth = await ctx.sessions.authenticate(request);
    request.sessionUser = auth?.user ?? null;
    if (access.public) return;
    if (!auth) return reply.status(401).send(failure([AUTH_MESSAGES.notAuthenticated]));
    // API-key calls carry no cookie, so there is no cross-site request to forge: CSRF applies to cookie sessions.
    if (MUTATING_METHODS.has(request.method) && access.csrf !== false && auth.csrf !== null) {
      const header = request.headers[CSRF_HEADER.toLowerCase()];
      if (typeof header !== 'string' || header === '') return reply.status(401).send(failure([AUTH_MESSAGES.missingCsrf]));
      if (!safeEqual(header, auth.csrf)) return reply.status(401).send(failure([AUTH_MESSAGES.badCsrf]));
    }
    if (auth.user.require_mfa_enabled && !access.allowBeforeMfa) {
      return reply.status(403).send(failure([MFA_MESSAGES.enrolmentRequired]));
    }
    if (access.permission && !can(auth.user, access.permission)) {
      return reply.status(403).send(failure([AUTH_MESSAGES.forbidden]));
    }
  });

  // After authentication (an anonymous caller still gets 401), before validation and any storage: text neither
  // engine can keep is refused alike on SQLite and PostgreSQL, with where it was (textSanitiser.ts).
  fastify.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.config?.access) return;
    if (addressHasNul(request.url)) return reply.status(400).send(failure([TEXT_MESSAGES.address], 'Invalid request'));
    const problem = invalidTextIn(request.params, 'params') ?? invalidTextIn(request.body, 'body');
    if (problem) return reply.status(400).send(failure([problem], 'Invalid request'));
  });

  fastify.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A route's own words (querySchema.ts) go out as they are; other issues say where they were.
      const exact = error.validation.filter((v) => isExactIssue(v.params)).map((v) => v.message ?? 'is invalid');
      if (exact.length > 0) return reply.status(400).send(failure(exact));
      const errors = error.validation.map((v) => {
        const where = [error.validationContext, v.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.');
        return `${where}: ${v.message ?? 'is invalid'}`;
      });
      return reply.status(400).send(failure(errors, 'Invalid request'));
    }
    if (error instanceof HttpError) return reply.status(error.status).send(failure(error.errors, error.message));
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(failure(['Internal server error']));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // A body refused unread (413) leaves the client sending: close the connection after answering, so it neither
      // lingers as a keep-alive socket nor holds up a shutdown.
      if (status === 413) reply.header('connection', 'close');
      return reply.status(status).send(failure([(error as Error).message]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure(['Internal server error']));
  });

  const indexFile = path.join(ctx.config.webDir, 'index.html');
  if (fs.existsSync(ctx.config.webDir)) {
    await fastify.register(fastifyStatic, {
      root: ctx.config.webDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz siblings (src/cli/buildIfStale.ts): assets go out compressed at no CPU cost.
      preCompressed: true,
      setHeaders(res, file) {
        // Hashed asset names never change content; index.html must always be revalidated.
        res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  fastify.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (isGuarded(url) || request.method !== 'GET') {
      return reply.status(404).send(failure(['Not found']));
    }
    // Every other GET is a browser route: the single-page app decides, including its not-found page.
    if (fs.existsSync(indexFile)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
    }
    return reply.status(503).type('text/plain').send('The browser bundle is not built: run `npm run build`.');
  });

  return {
    fastify,
    routes,
    registrar: (owner, prefixes, claims) => createRegistrar(fastify, ctx, owner, prefixes, routes, claims),
  };
}
