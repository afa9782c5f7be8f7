import { z } from 'zod';
import type { CommandDefinition } from '@core/client/plugin/contract';

/** A command was given arguments its schema refuses; the message names the command and each problem. */
export class CommandArgumentsError extends Error {
  constructor(
    readonly commandId: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`Bad arguments for command '${commandId}': ${issues.map(describeIssue).join('; ')}`);
    this.name = 'CommandArgumentsError';
  }
}

function describeIssue(issue: z.core.$ZodIssue): string {
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/**
 * What `run` receives: the given arguments (or the command's `defaultArgs` when none were given), parsed by its
 * `args` schema when it has one. Throws `CommandArgumentsError` instead of letting `run` see bad input.
 */
export function parseCommandArgs(command: CommandDefinition, args: unknown): unknown {
  const given = args === undefined ? command.defaultArgs : args;
  if (!command.args) return given;
  const parsed = command.args.safeParse(given);
  if (!parsed.success) throw new CommandArgumentsError(command.id, parsed.error.issues);
  return parsed.data;
}

/** True when the command cannot run from the palette or a keybinding, which give it no arguments. */
export function needsArguments(command: CommandDefinition): boolean {
  if (!command.args) return false;
  return !command.args.safeParse(command.defaultArgs).success;
}
