import { useState } from 'react';
import { Command } from 'cmdk';
import { mergeClasses, useThemeClassName } from '@fluentui/react-components';
import { usePaletteStyles } from '@core/client/commands/paletteStyles';

export interface QuickPickItem {
  id: string;
  label: string;
  detail?: string;
}

export interface QuickPickProps {
  title: string;
  placeholder: string;
  items: readonly QuickPickItem[];
  loading?: boolean;
  onPick: (item: QuickPickItem) => void;
  onClose: () => void;
}

/** A searchable list in the command palette's look (Go to project / Go to conversation). Search is by name. */
export function QuickPick({ title, placeholder, items, loading, onPick, onClose }: QuickPickProps) {
  const styles = usePaletteStyles();
  const themeClassName = useThemeClassName();
  const [search, setSearch] = useState('');
  return (
    <Command.Dialog
      open
      onOpenChange={(open) => { if (!open) onClose(); }}
      label={title}
      loop
      overlayClassName={mergeClasses(themeClassName, styles.overlay)}
      contentClassName={mergeClasses(themeClassName, styles.content)}
    >
      <Command.Input value={search} onValueChange={setSearch} placeholder={placeholder} />
      <Command.List label={title}>
        <Command.Empty>{loading ? 'Loading…' : 'Nothing matches'}</Command.Empty>
        <Command.Group heading={title}>
          {items.map((item) => (
            <Command.Item key={item.id} value={item.id} keywords={[item.label, item.detail ?? '']} onSelect={() => onPick(item)}
              onMouseDown={(e) => e.preventDefault()}>
              <span className={styles.main}><span className={styles.title}>{item.label}</span></span>
              {item.detail && <span className={styles.category}>{item.detail}</span>}
            </Command.Item>
          ))}
        </Command.Group>
      </Command.List>
    </Command.Dialog>
  );
}
