import { useCallback, useEffect, useRef, useState } from 'react';
import { Command } from 'cmdk';
import { mergeClasses, useThemeClassName } from '@fluentui/react-components';
import type { CommandContext } from '@core/client/plugin/contract';
import { displayKeybinding } from '@core/shared/commands/keybinding';
import type { CommandEntry, CommandRegistry } from './registry';
import { usePaletteStyles } from './paletteStyles';

export interface CommandPaletteProps {
  registry: CommandRegistry;
  /** Read when the palette opens (what to show) and when a command runs. */
  getContext: () => CommandContext;
  /** Controlled open state; leave both unset to let Ctrl+K / Cmd+K drive it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A command that ran and failed. Default: console.error. */
  onError?: (error: unknown, commandId: string) => void;
  /** Where to portal the dialog; defaults to document.body. */
  container?: HTMLElement;
}

interface Snapshot {
  ctx: CommandContext;
  entries: CommandEntry[];
  recent: CommandEntry[];
}

/** True for Ctrl+K (Cmd+K on a Mac), whatever the layout types for K. */
function isPaletteChord(event: KeyboardEvent, isMac: boolean): boolean {
  const mod = isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  return mod && !event.altKey && !event.shiftKey && (event.key.toLowerCase() === 'k' || event.code === 'KeyK');
}

/**
 * The command palette: Ctrl+K / Cmd+K from anywhere (inputs included), Escape or running a command closes it.
 * Items use the command id as cmdk `value`, and title, category and keywords as cmdk `keywords`, so search finds a
 * command by any of them. With an empty search, recently run commands come first.
 */
export function CommandPalette({ registry, getContext, open: openProp, onOpenChange, onError, container }: CommandPaletteProps) {
  const styles = usePaletteStyles();
  const themeClassName = useThemeClassName();
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const [search, setSearch] = useState('');
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);

  const setOpen = useCallback(
    (next: boolean) => {
      if (openProp === undefined) setOpenState(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );

  // The list is computed once per opening, while rendering the opening (so no frame shows the previous opening's
  // list or search), and commands do not reshuffle under the user's cursor while they type.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      const ctx = getContext();
      const entries = registry.list(ctx);
      const byId = new Map(entries.map((entry) => [entry.command.id, entry]));
      const recent = registry.recent().flatMap((id) => byId.get(id) ?? []);
      setSnapshot({ ctx, entries, recent });
      setSearch('');
    }
  }

  // Capture phase on window: fires before inputs, editors or panels can swallow the chord.
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteChord(event, registry.isMac)) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(!openRef.current);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [registry, setOpen]);

  const runCommand = (entry: CommandEntry) => {
    if (!entry.enabled || !snapshot) return;
    setOpen(false);
    registry.run(entry.command.id, snapshot.ctx).catch((error: unknown) => {
      if (onError) onError(error, entry.command.id);
      else console.error(`[commands] '${entry.command.id}' failed`, error);
    });
  };

  const renderItem = (entry: CommandEntry) => {
    const { command } = entry;
    return (
      <Command.Item
        key={command.id}
        value={command.id}
        keywords={[command.title, command.category, ...(command.keywords ?? [])]}
        disabled={!entry.enabled}
        onSelect={() => runCommand(entry)}
        // Keep focus in the search field when an item is pressed (as a combobox does): otherwise clicking a
        // disabled item leaves typing and Enter going nowhere.
        onMouseDown={(event) => event.preventDefault()}
        title={entry.reason ?? undefined}
      >
        <span className={styles.main}>
          <span className={styles.title}>{command.title}</span>
          {entry.reason !== null && <span className={styles.reason}>{entry.reason}</span>}
        </span>
        <span className={styles.category}>{command.category}</span>
        {entry.keybinding !== null && (
          <kbd className={styles.kbd} aria-label={`Shortcut ${displayKeybinding(entry.keybinding, registry.isMac)}`}>
            {displayKeybinding(entry.keybinding, registry.isMac)}
          </kbd>
        )}
      </Command.Item>
    );
  };

  const entries = snapshot?.entries ?? [];
  const showRecent = search.trim() === '' && (snapshot?.recent.length ?? 0) > 0;
  // An id appears once in the list (cmdk selects by value): recent commands leave their category group meanwhile.
  const recentIds = new Set(showRecent ? snapshot!.recent.map((entry) => entry.command.id) : []);
  const groups = new Map<string, CommandEntry[]>();
  for (const entry of entries) {
    if (recentIds.has(entry.command.id)) continue;
    const group = groups.get(entry.command.category) ?? [];
    group.push(entry);
    groups.set(entry.command.category, group);
  }

  return (
    <Command.Dialog
      open={open}
      onOpenChange={setOpen}
      label="Command palette"
      loop
      vimBindings={false}
      overlayClassName={mergeClasses(themeClassName, styles.overlay)}
      contentClassName={mergeClasses(themeClassName, styles.content)}
      {...(container ? { container } : {})}
    >
      <Command.Input value={search} onValueChange={setSearch} placeholder="Type a command or search…" />
      <Command.List label="Commands">
        <Command.Empty>No matching commands</Command.Empty>
        {showRecent && <Command.Group heading="Recent">{snapshot!.recent.map(renderItem)}</Command.Group>}
        {[...groups].map(([category, items]) => (
          <Command.Group key={category} heading={category}>
            {items.map(renderItem)}
          </Command.Group>
        ))}
      </Command.List>
      <div className={styles.footer} aria-hidden>
        <span>↑↓ to move</span>
        <span>Enter to run</span>
        <span>Esc to close</span>
      </div>
    </Command.Dialog>
  );
}
