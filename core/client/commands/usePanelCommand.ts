import { useEffect, useRef } from 'react';
import type { CommandDefinition } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import type { PanelCommandHandler } from './panelHandlers';

/**
 * Lets this pane carry out `command` while it is mounted (see `PanelCommandHandlers`): `handler` receives the
 * command's parsed arguments. Pass null to stop handling (e.g. while the panel has nothing to act on), which also
 * disables commands whose `enabled` is `whenHandled(...)`. The latest handler is called, so it may close over state.
 */
export function usePanelCommand<Args>(command: CommandDefinition<Args> | string, paneId: string, handler: PanelCommandHandler<Args> | null): void {
  const { commands } = useWorkbench();
  const latest = useRef(handler);
  latest.current = handler;
  const id = typeof command === 'string' ? command : command.id;
  const active = handler !== null;
  useEffect(() => {
    if (!active) return;
    return commands.handlers.handle<Args>(id, (args) => latest.current?.(args), paneId);
  }, [commands, id, paneId, active]);
}
