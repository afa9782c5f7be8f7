import path from 'node:path';
import { passwordProblem } from '@core/server/auth/passwordPolicy';
import { PASSWORD_MESSAGES } from '@core/shared/access/passwords';
import { parseArgs } from 'node:util';
import { loadConfig } from '@core/server/config';
import { createLogger } from '@core/server/logger';
import { connectStorage, type Storage } from '@core/server/storage/database';
import { migrateAll } from '@core/server/server';
import { addUser, ensureOrganization } from '@core/server/seed';
import { runDemoSeed } from '@core/server/demoSeed';
import { PERMISSIONS, ROLES } from '@core/shared/access/permissions';
import type { ServerPlugin } from '@core/server/plugin/contract';
import { serverPlugins } from '../../plugins/index.server';
import { buildIfStale } from './buildIfStale';
import { createPlugin } from './pluginNew';
import { backup } from './backup';
import { pluginCommands, pluginCommandsHelp, runPluginCommand, type CliIo } from './pluginCommands';

/** Core's own commands (CORE_CLI_COMMANDS in core/server/cli/command.ts); the plugins' follow in the help. */
const CORE_USAGE = `Usage: npm run cli -- <command> [options]

  serve [--build-if-stale] [--no-worker]
                                  start the server (what npm start runs); --no-worker: the API only, no pipeline jobs
  worker                          run only the pipeline (jobs and periodic tasks), no HTTP: scale out on PostgreSQL
  build                           build the browser bundle (compressed assets included)
  dev                             vite dev server with the API on PORT (default 3000)
  migrate                         apply core and plugin migrations
  backup --to FILE                a consistent copy of the live SQLite database in a new FILE (PostgreSQL: pg_dump)
  seed-demo [--posts N]           create "Demo Org", its administrator and the plugins' demo data (N demo posts)
  user add --email E --password P --org NAME [--role Analyst|"Senior Analyst"|"Global Admin"] [--admin]
  plugin-new <id>                 copy plugins/_template into plugins/<id>
`;

export function usage(plugins: readonly ServerPlugin[]): string {
  return `${CORE_USAGE}${pluginCommandsHelp(plugins)}\nSettings come from the environment: see docs/operations.md.`;
}

const processIo: CliIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

const root = path.resolve(import.meta.dirname, '../..');

async function withStorage<T>(plugins: readonly ServerPlugin[], fn: (s: Storage) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const storage = await connectStorage(config);
  try {
    await migrateAll(storage, plugins);
    return await fn(storage);
  } finally {
    await storage.close();
  }
}

/**
 * Runs `npm run cli -- <argv>`; answers the exit code, or -1 for a server left running. Core's commands come
 * first; any other name goes to the plugin command of that name.
 */
export async function run(argv: string[], io: CliIo = processIo, plugins: readonly ServerPlugin[] = serverPlugins): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': {
      const { values } = parseArgs({ args: rest, options: { 'build-if-stale': { type: 'boolean' }, 'no-worker': { type: 'boolean' } } });
      const config = loadConfig();
      if (values['build-if-stale']) await buildIfStale(root, config.webDir, (m) => process.stdout.write(`${m}\n`));
      const { main } = await import('../server/main');
      await main(process.env, values['no-worker'] ? 'api' : 'all');
      return -1; // keep running
    }
    case 'worker': {
      const { main } = await import('../server/main');
      await main(process.env, 'worker');
      return -1;
    }
    case 'build': {
      await buildIfStale(root, loadConfig().webDir, (m) => process.stdout.write(`${m}\n`), true);
      return 0;
    }
    case 'dev': {
      const { main } = await import('../server/main');
      await main();
      const { createServer } = await import('vite');
      const vite = await createServer({ configFile: path.join(root, 'vite.config.ts') });
      await vite.listen(5173);
      vite.printUrls();
      return -1;
    }
    case 'migrate': {
      const applied = await withStorage(plugins, async (s) => migrateAll(s, plugins));
      process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Nothing to apply.\n');
      return 0;
    }
    case 'backup': {
      const { values: backupArgs } = parseArgs({ args: rest, options: { to: { type: 'string' } } });
      const outcome = backup(loadConfig(), backupArgs.to, (line) => process.stderr.write(`${line}\n`));
      (outcome.code === 0 ? process.stdout : process.stderr).write(`${outcome.message}\n`);
      return outcome.code;
    }
    case 'seed-demo': {
      const { values: seedArgs } = parseArgs({ args: rest, options: { posts: { type: 'string' } } });
      if (seedArgs.posts) process.env.NARRASCOPE_DEMO_POSTS = seedArgs.posts; // read by the posts plugin's seedDemo
      // The whole server (without listening or running jobs) so plugins' seeds get every service they use; the
      // demo conversations' queued runs are picked up by the next `npm start`.
      const config = loadConfig();
      const { createServer } = await import('@core/server/server');
      const server = await createServer({ config, plugins, logger: createLogger('warn'), pipeline: { worker: false } });
      try {
        const seeded = await runDemoSeed(server.ctx, plugins, {
          demoPassword: config.demoPassword,
          onPassword: (password) => process.stdout.write(`Administrator admin@demo.narrascope.local, password: ${password}\n`),
        });
        process.stdout.write(`Demo Org ready (${seeded.organizationId}).\n`);
      } finally {
        await server.close();
      }
      return 0;
    }
    case 'user': {
      const [sub, ...args] = rest;
      if (sub !== 'add') break;
      const { values } = parseArgs({
        args,
        options: {
          email: { type: 'string' }, password: { type: 'string' }, org: { type: 'string' },
          role: { type: 'string', default: 'Analyst' }, admin: { type: 'boolean', default: false },
          'first-name': { type: 'string' }, 'last-name': { type: 'string' },
        },
      });
      if (!values.email || !values.password || !values.org) {
        process.stderr.write('user add needs --email, --password and --org\n');
        return 2;
      }
      if (!(ROLES as readonly string[]).includes(values.role!)) {
        process.stderr.write(`Unknown role '${values.role}'; one of: ${ROLES.join(', ')}\n`);
        return 2;
      }
      // The same rule as the password forms (length and the common-password list), with the same message.
      const problem = passwordProblem(values.password);
      if (problem) {
        process.stderr.write(`${PASSWORD_MESSAGES[problem]}\n`);
        return 2;
      }
      const id = await withStorage(plugins, async (storage) => {
        const organizationId = await ensureOrganization(storage, values.org!);
        return addUser(storage, {
          email: values.email!, password: values.password!, organizationId, roles: [values.role!],
          firstName: values['first-name'], lastName: values['last-name'],
          permissions: values.admin ? [...PERMISSIONS] : ['CREATE_CONVERSATION', 'DELETE_CONVERSATION', 'READ_DATA_SOURCE'],
          groups: values.admin ? ['Admin'] : [],
        });
      });
      process.stdout.write(`User ${values.email} created (${id}).\n`);
      return 0;
    }
    case 'plugin-new': {
      const id = rest[0];
      if (!id) {
        process.stderr.write('plugin-new needs an id, e.g. npm run plugin:new -- topic-radar\n');
        return 2;
      }
      const created = createPlugin(root, id);
      process.stdout.write(`Created ${created.dir}. Next:\n${created.nextSteps.map((s) => `  - ${s}`).join('\n')}\n`);
      return 0;
    }
  }
  const contributed = command === undefined ? undefined : pluginCommands(plugins).find((c) => c.name === command);
  if (contributed) return runPluginCommand(contributed, rest, plugins, io);
  io.stderr(`${usage(plugins)}\n`);
  return command ? 2 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  run(process.argv.slice(2)).then(
    (code) => { if (code >= 0) process.exit(code); },
    (err: Error) => { process.stderr.write(`${err.message}\n`); process.exit(1); },
  );
}
