import type { CommandContext, CommandDefinition } from '@core/client/plugin/contract';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';

export interface CoreCommandDeps {
  /**
   * Asked before "Reset layout" throws away the user's arrangement; resolve false to cancel. Without it the reset
   * happens straight away (the palette is already a deliberate action).
   */
  confirm?: (message: string) => boolean | Promise<boolean>;
}

/**
 * Default chords. They avoid browser and OS shortcuts (mod+w/t/n/l, Cmd+Opt+arrows switch tabs on macOS,
 * Ctrl+Alt+arrows switch desktops on Linux) and chords typed with AltGr on common layouts. Users can override any.
 */
export const WORKSPACE_KEYBINDINGS = {
  splitRight: 'mod+\\',
  splitDown: 'mod+shift+\\',
  focusNextPane: 'mod+alt+p',
  closePane: 'mod+alt+x',
  maximisePane: 'mod+shift+enter',
} as const;

const CATEGORY = 'Workspace';

/** Workspace commands exist only where a workspace is mounted (its service is registered while it is). */
const hasWorkspace = (ctx: CommandContext) => ctx.services.has(workspaceServiceKey);
const workspace = (ctx: CommandContext): WorkspaceService => ctx.services.get(workspaceServiceKey);
const needsPane = (ctx: CommandContext): true | string => (ctx.paneCount > 0 ? true : 'The workspace has no panes');

export function coreCommands(deps: CoreCommandDeps = {}): CommandDefinition[] {
  return [
    {
      id: 'workspace.splitRight',
      title: 'Split pane right',
      category: CATEGORY,
      keywords: ['split', 'vertical', 'side by side', 'duplicate', 'pane'],
      keybinding: WORKSPACE_KEYBINDINGS.splitRight,
      when: hasWorkspace,
      enabled: needsPane,
      run: (ctx) => workspace(ctx).splitFocused('row'),
    },
    {
      id: 'workspace.splitDown',
      title: 'Split pane down',
      category: CATEGORY,
      keywords: ['split', 'horizontal', 'below', 'stack', 'duplicate', 'pane'],
      keybinding: WORKSPACE_KEYBINDINGS.splitDown,
      when: hasWorkspace,
      enabled: needsPane,
      run: (ctx) => workspace(ctx).splitFocused('column'),
    },
    {
      id: 'workspace.focusNextPane',
      title: 'Focus next pane',
      category: CATEGORY,
      keywords: ['focus', 'next', 'cycle', 'switch', 'pane'],
      keybinding: WORKSPACE_KEYBINDINGS.focusNextPane,
      when: hasWorkspace,
      enabled: (ctx) => (ctx.paneCount > 1 ? true : ctx.paneCount === 1 ? 'Only one pane is open' : 'The workspace has no panes'),
      run: (ctx) => workspace(ctx).focusNext(),
    },
    {
      id: 'workspace.closePane',
      title: 'Close pane',
      category: CATEGORY,
      keywords: ['close', 'remove', 'pane'],
      keybinding: WORKSPACE_KEYBINDINGS.closePane,
      when: hasWorkspace,
      enabled: needsPane,
      run: (ctx) => workspace(ctx).closeFocused(),
    },
    {
      id: 'workspace.maximisePane',
      title: 'Maximise or restore pane',
      category: CATEGORY,
      keywords: ['maximise', 'maximize', 'zoom', 'full screen', 'restore', 'pane'],
      keybinding: WORKSPACE_KEYBINDINGS.maximisePane,
      when: hasWorkspace,
      enabled: needsPane,
      run: (ctx) => workspace(ctx).maximiseFocused(),
    },
    {
      id: 'workspace.resetLayout',
      title: 'Reset layout',
      category: CATEGORY,
      keywords: ['reset', 'restore', 'default', 'built-in', 'layout', 'arrangement'],
      // Deliberately unbound: it discards the user's arrangement.
      when: hasWorkspace,
      run: async (ctx) => {
        if (deps.confirm && !(await deps.confirm('Reset this layout? Your arrangement of its panes will be lost.'))) return;
        await workspace(ctx).resetLayout();
      },
    },
  ];
}
