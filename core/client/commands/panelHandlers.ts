import type { CommandContext, CommandDefinition } from '@core/client/plugin/contract';
import { workspaceServiceKey } from '@core/client/workspace/workspaceService';
import { commandsServiceKey } from './commandService';

export type PanelCommandHandler<Args> = (args: Args) => void | Promise<void>;

interface Entry {
  paneId: string | null;
  handler: PanelCommandHandler<any>;
}

/** How long arguments wait for a pane that a command opened (the panel's code may still be loading). */
export const PENDING_TTL_MS = 30_000;

/**
 * Commands carried out by a panel: while mounted, a pane handles a command id, and the command hands it its
 * arguments. This replaces "tick" counters in shared state: arguments go to one pane once, and a command that opens
 * the panel first has them kept until the pane mounts (the newest arguments per command, for `PENDING_TTL_MS`).
 * One pane acts: the focused one when it handles the command, else the one mounted first.
 */
export class PanelCommandHandlers {
  private readonly handlers = new Map<string, Entry[]>();
  private readonly pending = new Map<string, { args: unknown; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Handles `commandId` until the disposer runs; takes arguments waiting for it. */
  handle<Args>(commandId: string, handler: PanelCommandHandler<Args>, paneId: string | null = null): () => void {
    const entry: Entry = { paneId, handler };
    this.handlers.set(commandId, [...(this.handlers.get(commandId) ?? []), entry]);
    const waiting = this.pending.get(commandId);
    if (waiting) {
      this.pending.delete(commandId);
      if (this.now() - waiting.at <= PENDING_TTL_MS) void this.call(commandId, entry, waiting.args);
    }
    return () => {
      const rest = (this.handlers.get(commandId) ?? []).filter((e) => e !== entry);
      if (rest.length) this.handlers.set(commandId, rest);
      else this.handlers.delete(commandId);
    };
  }

  isHandled(commandId: string): boolean {
    return this.handlers.has(commandId);
  }

  /**
   * Gives the arguments to one handling pane and waits for it (its errors propagate to the command). Without one,
   * `queue` keeps them for the next pane to mount; returns whether a pane took them now.
   */
  async deliver(commandId: string, args: unknown, options: { focusedPaneId?: string | null; queue?: boolean } = {}): Promise<boolean> {
    const entries = this.handlers.get(commandId) ?? [];
    const target = entries.find((e) => e.paneId !== null && e.paneId === options.focusedPaneId) ?? entries[0];
    if (!target) {
      if (options.queue) this.pending.set(commandId, { args, at: this.now() });
      return false;
    }
    this.pending.delete(commandId);
    await target.handler(args);
    return true;
  }

  // Arguments taken on mount have no command waiting for them any more: report failures to the console.
  private async call(commandId: string, entry: Entry, args: unknown): Promise<void> {
    try {
      await entry.handler(args);
    } catch (error) {
      console.error(`[commands] the pane handling '${commandId}' failed`, error);
    }
  }
}

const idOf = (command: CommandDefinition | string) => (typeof command === 'string' ? command : command.id);

/**
 * From a command's `run`: shows `openPanel` (when given, through the workspace) and hands the arguments to the pane
 * handling the command, kept until it mounts when the panel was opened for it.
 */
export async function handOver(ctx: CommandContext, command: CommandDefinition | string, args: unknown, options: { openPanel?: string } = {}): Promise<void> {
  if (options.openPanel && ctx.services.has(workspaceServiceKey)) ctx.services.get(workspaceServiceKey).openPanel(options.openPanel);
  // A pane the user had focused acts; otherwise the first mounted, which is the one `openPanel` focuses.
  await ctx.services.get(commandsServiceKey).handlers.deliver(idOf(command), args, {
    focusedPaneId: ctx.focusedPaneId,
    queue: options.openPanel !== undefined,
  });
}

/** An `enabled` for commands that only a mounted pane can carry out, disabled with `reason` until one is. */
export function whenHandled(command: CommandDefinition | string, reason: string): (ctx: CommandContext) => true | string {
  return (ctx) => (ctx.services.has(commandsServiceKey) && ctx.services.get(commandsServiceKey).handlers.isHandled(idOf(command)) ? true : reason);
}
