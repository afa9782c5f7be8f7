import { ServiceRegistry } from '@core/shared/services/registry';
import { createPostScope, postScopeKey } from './postScope';
import { filterDimensions } from '@core/shared/filters/dimensions';
import type { Config } from './config';
import { createLogger, type Logger } from './logger';
import { postFacetsKey } from './facets/contract';
import { createPostFacetRegistry } from './facets/registry';
import { connectStorage, type Storage } from './storage/database';
import { runMigrations } from './storage/migrations';
import { coreMigrations } from './storage/coreMigrations';
import { loadOrCreateSecret } from './auth/secrets';
import { SessionService } from './auth/sessions';
import { accessKey, createAccessServices, registerAccessRoutes } from './auth';
import { createHttpHost, type HttpHost } from './http/app';
import { registerCoreRoutes } from './http/coreRoutes';
import { registerAnalyticsRoutes } from './analytics/routes';
import { registerSystemStatusRoutes } from './status/routes';
import { registerMediaRoutes } from './media/routes';
import type { MediaProxyOptions } from './media/mediaProxy';
import type { ServerPlugin } from './plugin/contract';
import { authKey, configKey, loggerKey, storageKey, type ServerContext } from './plugin/context';
import { serverPluginProblems } from './plugin/validate';
import { activatePlugins } from './plugin/activate';
import { isEmpty } from './seed';
import { demoSeedUnfinished, runDemoSeed } from './demoSeed';
import { createPipeline, pipelineKey } from './pipeline/runner';
import { pipelineOptionsFromEnv, type PipelineOptions } from './pipeline/options';

export interface RunningServer {
  ctx: ServerContext;
  http: HttpHost;
  url: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  config: Config;
  plugins: readonly ServerPlugin[];
  logger?: Logger;
  /** Seed the demo organisation when the database has no users (npm start does; tests choose). */
  seedWhenEmpty?: boolean;
  /** Called with a generated demo password, once. */
  onDemoPassword?: (password: string) => void;
  /** Pipeline worker settings; default from NARRASCOPE_PIPELINE_* (core/server/pipeline/README.md). */
  pipeline?: Partial<PipelineOptions>;
  /**
   * Image proxy options beyond the NARRASCOPE_MEDIA_* settings: tests allow their own loopback image server and fake
   * DNS here. Deliberately not an environment setting, so that no configuration opens the proxy to private addresses.
   */
  mediaProxy?: Partial<MediaProxyOptions>;
}

export async function migrateAll(storage: Storage, plugins: readonly ServerPlugin[]): Promise<string[]> {
  return runMigrations(storage, [
    { owner: 'core', migrations: coreMigrations },
    ...plugins.map((p) => ({ owner: p.manifest.id, migrations: p.migrations ?? [] })),
  ]);
}

/** Builds the whole server (storage, migrations, sessions, routes, plugins) without listening. */
export async function createServer(opts: ServerOptions): Promise<Omit<RunningServer, 'url'> & { listen(): Promise<string> }> {
  const problems = serverPluginProblems(opts.plugins);
  if (problems.length) throw new Error(`Plugin contract problems:\n- ${problems.join('\n- ')}`);
  // A start-up failure (a plugin's bad route, a failing migration) must not leave the database or port open.
  const undo: Array<() => Promise<unknown>> = [];
  try {
    const logger = opts.logger ?? createLogger(opts.config.logLevel);
    // Refuses a DATABASE_URL that is not PostgreSQL's or does not answer, with the setting and the fix named.
    const storage = await connectStorage(opts.config, (err) => logger.warn({ err }, 'idle database connection lost'));
    undo.push(() => storage.close());
    const applied = await migrateAll(storage, opts.plugins);
    if (applied.length) logger.info({ applied }, 'migrations applied');

    const secret = await loadOrCreateSecret(storage, 'token_signing_key');
    const sessions = new SessionService(storage, {
      secret,
      accessTtlSeconds: opts.config.accessTtlSeconds,
      refreshTtlSeconds: opts.config.refreshTtlSeconds,
      secureCookies: opts.config.secureCookies,
    });
    const services = new ServiceRegistry();
    const ctx: ServerContext = { config: opts.config, storage, logger, sessions, services };
    services.provide(storageKey, storage);
    services.provide(configKey, opts.config);
    services.provide(loggerKey, logger);
    services.provide(authKey, sessions);
    const access = await createAccessServices(opts.config, storage, logger);
    services.provide(accessKey, access);
    // Work the access calls finish after answering (reset e-mails), awaited before the database closes.
    const background = new Set<Promise<unknown>>();
    const track = (task: Promise<unknown>) => {
      background.add(task);
      void task.finally(() => background.delete(task));
    };
    undo.push(async () => access.mailer.close());
    const pipeline = createPipeline({ storage, logger, services, stages: opts.plugins.flatMap((p) => p.stages ?? []),
      options: { ...pipelineOptionsFromEnv(), ...opts.pipeline } });
    services.provide(pipelineKey, pipeline);
    services.provide(postFacetsKey, createPostFacetRegistry());
    services.provide(postScopeKey, createPostScope(storage, services));
    // The plugins' filter dimensions join the vocabulary before any route decodes filters (ADR 0007).
    const releaseDimensions = filterDimensions.register(opts.plugins.flatMap((p) => p.dimensions ?? []));
    undo.push(async () => releaseDimensions());

    const http = await createHttpHost(ctx);
    undo.push(() => http.fastify.close());
    const claims = opts.plugins.flatMap((p) => (p.manifest.apiPrefixes ?? []).map((prefix) => ({ owner: p.manifest.id, prefix })));
    const core = http.registrar('core', null, claims);
    registerAccessRoutes(core, opts.config, track);
    registerCoreRoutes(core, () => http.fastify.swagger(), opts.config);
    registerSystemStatusRoutes(core);
    registerAnalyticsRoutes(core, opts.config.analytics);
    registerMediaRoutes(core, opts.config.media, opts.mediaProxy);
    for (const plugin of opts.plugins) {
      plugin.routes?.(http.registrar(plugin.manifest.id, plugin.manifest.apiPrefixes ?? [], claims));
    }

    // Providers first (plugins' declared services), each activate scoped to what it declared.
    const disposers = await activatePlugins(opts.plugins, ctx);
    disposers.unshift(releaseDimensions);
    undo.push(async () => { for (const d of [...disposers].reverse()) await d(); });

    // First start, or a start after one killed mid-seed: the seeding resumes where it stopped (demoSeed.ts).
    if (opts.seedWhenEmpty && ((await isEmpty(storage)) || (await demoSeedUnfinished(ctx)))) {
      await runDemoSeed(ctx, opts.plugins, { demoPassword: opts.config.demoPassword, onPassword: opts.onDemoPassword });
    }

    // Started last (plugins have registered their listeners and tasks); stopped first on close.
    await pipeline.start();
    disposers.push(() => pipeline.stop());
    undo.push(() => pipeline.stop());
    await http.fastify.ready();
    const close = async () => {
      for (const d of disposers.reverse()) await d();
      await Promise.allSettled([...background]);
      access.mailer.close();
      await http.fastify.close();
      await storage.close();
    };
    return {
      ctx,
      http,
      close,
      async listen() {
        return http.fastify.listen({ port: opts.config.port, host: opts.config.host });
      },
    };
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    throw error;
  }
}
