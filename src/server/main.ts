import { loadConfig } from '@core/server/config';
import { createLogger } from '@core/server/logger';
import { humanLogStream, logsForPeople } from '@core/server/logging/humanLog';
import { DEMO_ADMIN_EMAIL } from '@core/server/seed';
import { pipelineKey } from '@core/server/pipeline/runner';
import { createServer } from '@core/server/server';
import { serverPlugins } from '../../plugins/index.server';

/**
 * What this process runs: `all` (npm start: the API and a pipeline worker), `api` (`serve --no-worker`: the API only)
 * or `worker` (`npm run cli -- worker`: the pipeline only, no HTTP). Several API and worker processes share one
 * PostgreSQL database (docs/operations.md, "Several processes").
 */
export type ProcessRole = 'all' | 'api' | 'worker';

/** The server's composition root: configuration, storage, plugins, listen. */
export async function main(env = process.env, role: ProcessRole = 'all') {
  const config = loadConfig(env);
  if (role === 'worker') return runWorker(config);
  let generatedPassword: string | null = null;
  const server = await createServer({
    config,
    plugins: serverPlugins,
    ...(role === 'api' ? { pipeline: { worker: false } } : {}),
    // In a terminal, one readable line per event; JSON lines for files and log collectors (LOG_FORMAT).
    logger: createLogger(config.logLevel, logsForPeople(config.logFormat) ? humanLogStream(process.stdout) : undefined),
    seedWhenEmpty: true,
    // Printed at once (a start killed while the corpus is written must not lose it) and again in the last lines of
    // start-up; never written to the structured log.
    onDemoPassword: (password) => {
      generatedPassword = password;
      process.stdout.write(`\n  Demo organisation created. Sign in as ${DEMO_ADMIN_EMAIL} with password: ${password}\n\n`);
    },
  });
  const url = await server.listen();
  server.ctx.logger.info({ url, storage: server.ctx.storage.describe }, 'Narrascope is listening');
  const demo = await server.ctx.storage.db.selectFrom('core_users').select('id').where('email', '=', DEMO_ADMIN_EMAIL).executeTakeFirst();
  process.stdout.write(startupLines(url, demo ? generatedPassword ?? 'kept' : null));
  stopOnSignals(() => server.close());
  return server;
}

function stopOnSignals(close: () => Promise<void>): void {
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** A pipeline worker: migrations, plugins and their stages, the job loop and periodic tasks; no HTTP, no demo seeding. */
async function runWorker(config: ReturnType<typeof loadConfig>) {
  const server = await createServer({
    config,
    plugins: serverPlugins,
    logger: createLogger(config.logLevel, logsForPeople(config.logFormat) ? humanLogStream(process.stdout) : undefined),
    pipeline: { worker: true },
  });
  server.ctx.logger.info({ storage: server.ctx.storage.describe, worker: server.ctx.services.get(pipelineKey).workerId }, 'Narrascope worker is running');
  stopOnSignals(() => server.close());
  return server;
}

/** The last lines `npm start` prints: where to open the product and how to sign in to the demo organisation. */
export function startupLines(url: string, demoPassword: string | 'kept' | null): string {
  const lines = ['', `  Narrascope is ready: open ${url}`];
  if (demoPassword === 'kept') {
    lines.push(`  Demo organisation: sign in as ${DEMO_ADMIN_EMAIL} (the password printed when it was created, or NARRASCOPE_DEMO_PASSWORD)`);
  } else if (demoPassword !== null) {
    lines.push(`  Demo organisation created. Sign in as ${DEMO_ADMIN_EMAIL} with password: ${demoPassword}`);
    lines.push('  (set NARRASCOPE_DEMO_PASSWORD to choose it; this is shown only once)');
  }
  return `${lines.join('\n')}\n\n`;
}
