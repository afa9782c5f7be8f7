import type { CommandContext, CommandDefinition } from '@core/client/plugin/contract';
import { evaluateWhen, parseWhen, type WhenExpression } from '@core/shared/commands/when';
import { contextKeyLookup } from './contextKeys';

/** Parsed once per distinct source: the palette evaluates every command's `when` each time it opens. */
const parsed = new Map<string, WhenExpression>();

/** Parses a `when` string (throwing `WhenSyntaxError`); the registry calls it on register so typos fail early. */
export function compiledWhen(source: string): WhenExpression {
  let expression = parsed.get(source);
  if (!expression) {
    expression = parseWhen(source);
    parsed.set(source, expression);
  }
  return expression;
}

/** Whether the palette shows the command in `ctx`; a throwing `when` hides it with a warning. */
export function isCommandVisible(command: CommandDefinition, ctx: CommandContext): boolean {
  const { when } = command;
  if (when === undefined) return true;
  try {
    return typeof when === 'string' ? evaluateWhen(compiledWhen(when), contextKeyLookup(ctx)) : when(ctx);
  } catch (error) {
    console.warn(`[commands] 'when' of '${command.id}' threw; hiding it`, error);
    return false;
  }
}

/** Why the command is disabled in `ctx`, null when it is enabled. A throwing `enabled` disables it with its message. */
export function disabledReason(command: CommandDefinition, ctx: CommandContext): string | null {
  if (!command.enabled) return null;
  try {
    const result = command.enabled(ctx);
    return result === true ? null : result;
  } catch (error) {
    return error instanceof Error ? error.message : 'This command is not available right now';
  }
}
