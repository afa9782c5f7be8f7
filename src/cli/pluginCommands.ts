/**
 * The plugins' CLI commands (`cliCommands`, core/server/cli/command.ts): found by name, listed in the help and run
 * with core's CLI context.
 */
import type { CliCommand, CliContext } from '@core/server/cli/command';
import { loadConfig, type Config } from '@core/server/config';
import type { ServerPlugin } from '@core/server/plugin/contract';
import { serverPluginProblems } from '@core/server/plugin/validate';
import { migrateAll } from '@core/server/server';
import { connectStorage, type Storage } from '@core/server/storage/database';

/** Where the CLI writes and which environment it reads (the process's; tests give their own). */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: NodeJS.ProcessEnv;
}

/** Column of the summaries in the help. */
const SUMMARY_COLUMN = 34;

/** One help entry: `  <synopsis>  <summary>`, the summary on a line of its own under a long synopsis. */
export function helpLine(synopsis: string, summary: string): string {
  const head = `  ${synopsis}`;
  return head.length < SUMMARY_COLUMN - 1 ? `${head.padEnd(SUMMARY_COLUMN)}${summary}` : `${head}\n${' '.repeat(SUMMARY_COLUMN)}${summary}`;
}

export function pluginCommands(plugins: readonly ServerPlugin[]): CliCommand[] {
  return plugins.flatMap((p) => p.cliCommands ?? []);
}

/** The help entries of the plugins' commands, or '' when they contribute none. */
export function pluginCommandsHelp(plugins: readonly ServerPlugin[]): string {
  const lines = pluginCommands(plugins).map((c) => helpLine(c.usage ? `${c.name} ${c.usage}` : c.name, c.summary));
  return lines.length ? `\nCommands of the plugins:\n\n${lines.join('\n')}\n` : '';
}

/**
 * Runs a plugin's command. Plugins with contract problems are refused as at server start-up. The storage the
 * command opened is closed when it returns or throws.
 */
export async function runPluginCommand(command: CliCommand, args: string[], plugins: readonly ServerPlugin[], io: CliIo): Promise<number> {
  const problems = serverPluginProblems(plugins);
  if (problems.length) throw new Error(`Plugin contract problems:\n- ${problems.join('\n- ')}`);
  let config: Config | undefined;
  let storage: Promise<Storage> | undefined;
  const ctx: CliContext = {
    get config() {
      return (config ??= loadConfig(io.env ?? process.env));
    },
    storage: () => (storage ??= openMigrated(ctx.config, plugins)),
    stdout: io.stdout,
    stderr: io.stderr,
  };
  try {
    return await command.run(args, ctx);
  } finally {
    const opened = await storage?.catch(() => null);
    await opened?.close();
  }
}

async function openMigrated(config: Config, plugins: readonly ServerPlugin[]): Promise<Storage> {
  const storage = await connectStorage(config);
  try {
    await migrateAll(storage, plugins);
    return storage;
  } catch (e) {
    await storage.close();
    throw e;
  }
}
