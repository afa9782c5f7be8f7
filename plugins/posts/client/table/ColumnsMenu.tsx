import { Button, Menu, MenuItemCheckbox, MenuList, MenuPopover, MenuTrigger, type MenuProps } from '@fluentui/react-components';
import type { RawDataTableOrdering } from '@core/shared/access/api';
import { columnLabel, tableColumnCatalogue, type TableColumn } from './columns';

/**
 * Table settings: which columns the raw data table shows. Lists the spec's columns and one per filter dimension
 * that declares a row field (sentiment, narrative, ... and any plugin's), saved to the user's preference at once.
 */
export function ColumnsMenu({ shown, ordering, onChange }: {
  shown: readonly TableColumn[];
  ordering: RawDataTableOrdering | null;
  onChange: (column: TableColumn, shown: boolean, order: number) => void;
}) {
  const catalogue = tableColumnCatalogue();
  const stored = (ordering?.column_fields ?? {}) as Partial<Record<string, { order: number }>>;
  const onCheckedValueChange: MenuProps['onCheckedValueChange'] = (_, data) => {
    const now = new Set(data.checkedItems);
    const changed = catalogue.find((c) => now.has(c) !== shown.includes(c));
    if (changed) onChange(changed, now.has(changed), stored[changed]?.order ?? catalogue.indexOf(changed));
  };
  return (
    <Menu checkedValues={{ columns: [...shown] }} onCheckedValueChange={onCheckedValueChange}>
      <MenuTrigger disableButtonEnhancement>
        <Button>Columns</Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label="Columns shown">
          {catalogue.map((column) => (
            <MenuItemCheckbox key={column} name="columns" value={column}>{columnLabel(column)}</MenuItemCheckbox>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
