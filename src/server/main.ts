import { loadConfig } from '@core/server/config';
import { createLogger } from '@core/server/logger';
import { humanLogStream, logsForPeople } from '@core/server/logging/humanLog';
import { DEMO_ADMIN_EMAIL } from '@core/server/seed';
import { createServer } from '@core/server/server';
import { serverPlugins } from '../../plugins/index.server';

/** The server's composition root: configuration, storage, plugins, listen. */
export async function main(env = process.env) {
  const config = loadConfig(env);
  let generatedPassword: string | null = null;
  const server = await createServer({
    config,
    plugins: serverPlugins,
    // In a terminal, one readable line per event; JSON lines for files and log collectors (LOG_FORMAT).
    logger: createLogger(config.logLevel, logsForPeople(config.logFormat) ? humanLogStream(process.stdout) : undefined),
    seedWhenEmpty: true,
    // Kept for the last lines of start-up, never written to the structured log.
    onDemoPassword: (password) => { generatedPassword = password; },
  });
  const url = await server.listen();
  server.ctx.logger.info({ url, storage: server.ctx.storage.describe }, 'Narrascope is listening');
  const demo = await server.ctx.storage.db.selectFrom('core_users').select('id').where('email', '=', DEMO_ADMIN_EMAIL).executeTakeFirst();
  process.stdout.write(startupLines(url, demo ? generatedPassword ?? 'kept' : null));
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
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
