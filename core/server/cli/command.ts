/**
 * Commands a plugin adds to `npm run cli -- <name> ...` (`cliCommands` of its server half). The CLI
 * (src/cli/main.ts) answers core's own commands itself, hands any other name to the plugin command of that name,
 * and lists the plugins' commands in its help.
 */
import { PLUGIN_ID } from '@core/shared/plugin/ids';
import type { Config } from '../config';
import type { Storage } from '../storage/database';
import type { ServerPlugin } from '../plugin/contract';

/** The names core's CLI answers itself; no plugin command may take one. */
export const CORE_CLI_COMMANDS = ['serve', 'worker', 'build', 'dev', 'migrate', 'backup', 'seed-demo', 'user', 'plugin-new'] as const;

/**
 * What a plugin command gets. No server is built: no routes, jobs or services (a command that needs another
 * plugin's services is not a CLI command of this kind), and no logger: the output is for the person at the terminal.
 */
export interface CliContext {
  /** The settings from the environment (docs/operations.md), read on first use. */
  readonly config: Config;
  /**
   * The database with core's and every plugin's migrations applied, opened on the first call (check the arguments
   * first, so a usage mistake touches nothing); the CLI closes it when `run` returns.
   */
  storage(): Promise<Storage>;
  /** The command's output (process stdout; tests capture it). */
  stdout(text: string): void;
  /** Its error messages and progress (process stderr). */
  stderr(text: string): void;
}

export interface CliCommand {
  /** `npm run cli -- <name>`: kebab-case, one plugin's only, none of CORE_CLI_COMMANDS. */
  name: string;
  /** One line for the CLI's help. */
  summary: string;
  /** Its arguments after the name, e.g. `FILE --org NAME [--create-org]`; the help shows `<name> <usage>`. */
  usage?: string;
  /**
   * Answers the exit code: 0 done, 2 a usage mistake, 1 a failure (a command may document others). An error
   * thrown is printed and exits 1.
   */
  run(args: string[], ctx: CliContext): Promise<number>;
}

/** The contract problems of the plugins' CLI commands (serverPluginProblems includes them). */
export function cliCommandProblems(plugins: readonly Pick<ServerPlugin, 'manifest' | 'cliCommands'>[]): string[] {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  for (const p of plugins) {
    const id = p.manifest.id;
    for (const c of p.cliCommands ?? []) {
      if (!PLUGIN_ID.test(c.name)) problems.push(`CLI command '${c.name}' of plugin '${id}' is not kebab-case`);
      if (!c.summary.trim() || c.summary.includes('\n')) problems.push(`CLI command '${c.name}' of plugin '${id}' needs a one-line summary`);
      const other = owners.get(c.name);
      if ((CORE_CLI_COMMANDS as readonly string[]).includes(c.name)) problems.push(`plugin '${id}' contributes CLI command '${c.name}', which core already has`);
      else if (other === id) problems.push(`plugin '${id}' contributes CLI command '${c.name}' twice`);
      else if (other !== undefined) problems.push(`CLI command '${c.name}' is contributed by both '${other}' and '${id}'`);
      owners.set(c.name, other ?? id);
    }
  }
  return problems;
}
