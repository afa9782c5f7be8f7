import { loadConfig } from '@core/server/config';
import { createServer } from '@core/server/server';
import { serverPlugins } from '../../plugins/index.server';

/** The server's composition root: configuration, storage, plugins, listen. */
export async function main(env = process.env) {
  const config = loadConfig(env);
  const server = await createServer({
    config,
    plugins: serverPlugins,
    seedWhenEmpty: true,
    onDemoPassword: (password) => {
      // Printed once to the terminal, never to the structured log.
      process.stdout.write(
        `\n  Demo organisation created. Sign in as admin@demo.narrascope.local with password: ${password}\n` +
          '  (set NARRASCOPE_DEMO_PASSWORD to choose it; this is shown only once)\n\n',
      );
    },
  });
  const url = await server.listen();
  server.ctx.logger.info({ url, storage: server.ctx.storage.describe }, 'Narrascope is listening');
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}
