import { useCallback, useMemo, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import {
  Button,
  Caption1,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { displayKeybinding } from '@core/shared/commands/keybinding';
import { bindingFromEvent } from './keys';
import type { CommandRegistry } from './registry';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filter: { maxWidth: '320px' },
  id: { display: 'block', color: tokens.colorNeutralForeground3 },
  kbd: {
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusSmall,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyBase,
  },
  conflict: { display: 'block', color: tokens.colorPaletteDarkOrangeForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

export interface KeybindingsEditorProps {
  registry: CommandRegistry;
}

/**
 * Settings view of every command's shortcut. Focus a "New shortcut" field and press the chord to record it;
 * "Unbind" removes the shortcut, "Reset" returns to the command's default. Overrides are stored by the registry
 * (localStorage `narrascope:commands:keybindings`) and apply immediately to the palette and global shortcuts.
 */
export function KeybindingsEditor({ registry }: KeybindingsEditorProps) {
  const styles = useStyles();
  const subscribe = useCallback((listener: () => void) => registry.subscribe(listener), [registry]);
  const version = useSyncExternalStore(subscribe, () => registry.getVersion());
  const [filter, setFilter] = useState('');

  const commands = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return registry
      .all()
      // A command that needs arguments cannot be run from a key, so it cannot be bound.
      .filter((c) => !registry.needsArguments(c.id))
      .filter((c) => !needle || `${c.title} ${c.id} ${c.category}`.toLowerCase().includes(needle))
      .sort((a, b) => a.category.localeCompare(b.category) || a.title.localeCompare(b.title));
    // `version` changes when commands are registered or bindings change.
  }, [registry, filter, version]);

  const record = (id: string) => (event: KeyboardEvent<HTMLInputElement>) => {
    // Tab leaves the field and Escape abandons recording, so the field never traps keyboard users.
    if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey) return;
    if (event.key === 'Escape') {
      event.currentTarget.blur();
      return;
    }
    event.preventDefault();
    const binding = bindingFromEvent(event, registry.isMac);
    if (binding !== null) registry.setKeybinding(id, binding);
  };

  return (
    <div className={styles.root}>
      <Input
        className={styles.filter}
        value={filter}
        onChange={(_, data) => setFilter(data.value)}
        placeholder="Filter commands"
        aria-label="Filter commands"
      />
      <Table aria-label="Keyboard shortcuts" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Command</TableHeaderCell>
            <TableHeaderCell>Category</TableHeaderCell>
            <TableHeaderCell>Shortcut</TableHeaderCell>
            <TableHeaderCell>New shortcut</TableHeaderCell>
            <TableHeaderCell>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {commands.map((command) => {
            const binding = registry.effectiveKeybinding(command.id);
            const conflicts = binding === null ? [] : registry.conflicts(binding, command.id);
            return (
              <TableRow key={command.id} data-command-id={command.id}>
                <TableCell>
                  {command.title}
                  <Caption1 className={styles.id}>{command.id}</Caption1>
                </TableCell>
                <TableCell>{command.category}</TableCell>
                <TableCell>
                  {binding === null ? (
                    <Caption1>None</Caption1>
                  ) : (
                    <kbd className={styles.kbd}>{displayKeybinding(binding, registry.isMac)}</kbd>
                  )}
                  {conflicts.length > 0 && (
                    <Caption1 className={styles.conflict}>Also used by {conflicts.join(', ')}</Caption1>
                  )}
                </TableCell>
                <TableCell>
                  <Input
                    size="small"
                    value=""
                    readOnly
                    placeholder="Press a shortcut"
                    aria-label={`New shortcut for ${command.title}`}
                    onKeyDown={record(command.id)}
                  />
                </TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    <Button size="small" disabled={binding === null} onClick={() => registry.setKeybinding(command.id, null)}>
                      Unbind
                    </Button>
                    <Button
                      size="small"
                      disabled={!registry.hasOverride(command.id)}
                      onClick={() => registry.resetKeybinding(command.id)}
                    >
                      Reset to default
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
