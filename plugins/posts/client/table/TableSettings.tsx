import { useState } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger, Text, tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular } from '@fluentui/react-icons';
import { POST_CONTENT_FIELDS, type PreferenceBody, type RawDataTableOrdering } from '@core/shared/access/api';
import { columnLabel, isDimensionColumn, postContentShown, tableColumnCatalogue, type PostContentField, type TableColumn } from './columns';

type OrderingChange = NonNullable<PreferenceBody['raw_data_table_ordering']>;

const CONTENT_LABELS: Record<PostContentField, string> = {
  body: 'Body', additionalProperties: 'Statistics and properties', images: 'Images', urls: 'Links',
};

/** Every column in the user's order: stored orders first, then the catalogue's (new dimension columns last). */
export function orderedCatalogue(ordering: RawDataTableOrdering | null): TableColumn[] {
  const stored = (ordering?.column_fields ?? {}) as Partial<Record<string, { order: number }>>;
  const catalogue = tableColumnCatalogue();
  return catalogue
    .map((column, index) => ({ column, index, order: stored[column]?.order ?? catalogue.length + index }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map((c) => c.column);
}

/** The whole column_fields answer for an arrangement: positions 0..n in list order, shown as given. */
function columnFields(list: readonly TableColumn[], shown: ReadonlySet<TableColumn>): OrderingChange['column_fields'] {
  return Object.fromEntries(list.map((column, order) => [column, { is_shown: shown.has(column), order }]));
}

/**
 * Table settings (spec part 2 section 2, "table settings"): which columns the raw data table shows and in what order
 * (the spec's columns and one per filter dimension with a row field), and which parts of a post its Post column
 * shows. Every change is saved to the user's raw_data_table_ordering preference at once. Keyboard: Tab through the
 * rows, Space toggles, the arrow buttons move a column.
 */
export function TableSettings({ shown, ordering, onChange }: {
  shown: readonly TableColumn[];
  ordering: RawDataTableOrdering | null;
  onChange: (change: OrderingChange) => void;
}) {
  const [open, setOpen] = useState(false);
  const list = orderedCatalogue(ordering);
  const visible = new Set(shown);
  const content = postContentShown(ordering);
  const toggle = (column: TableColumn, on: boolean) => {
    const next = new Set(visible);
    if (on) next.add(column); else next.delete(column);
    onChange({ column_fields: columnFields(list, next) });
  };
  const move = (at: number, by: -1 | 1) => {
    const next = [...list];
    [next[at], next[at + by]] = [next[at + by]!, next[at]!];
    onChange({ column_fields: columnFields(next, visible) });
  };
  return (
    <Dialog modalType="non-modal" open={open} onOpenChange={(_, d) => setOpen(d.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button>Table settings</Button>
      </DialogTrigger>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Table settings</DialogTitle>
          <DialogContent>
            <Text weight="semibold" as="h3" block>Columns</Text>
            <ul aria-label="Columns" style={{ listStyle: 'none', padding: 0, margin: '4px 0 12px' }}>
              {list.map((column, at) => {
                const label = columnLabel(column);
                return (
                  <li key={column} style={{ display: 'flex', alignItems: 'center', gap: 4, borderBottom: `1px solid ${tokens.colorNeutralStroke3}` }}>
                    <Checkbox label={label} checked={visible.has(column)} onChange={(_, d) => toggle(column, d.checked === true)} style={{ flex: 1 }} />
                    {isDimensionColumn(column) && <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>filter dimension</Text>}
                    <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} aria-label={`Move ${label} up`} disabled={at === 0} onClick={() => move(at, -1)} />
                    <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} aria-label={`Move ${label} down`} disabled={at === list.length - 1} onClick={() => move(at, 1)} />
                  </li>
                );
              })}
            </ul>
            <Text weight="semibold" as="h3" block>Post column shows</Text>
            {POST_CONTENT_FIELDS.map((field) => (
              <Checkbox
                key={field}
                label={CONTENT_LABELS[field]}
                checked={content[field]}
                onChange={(_, d) => onChange({ post_content_fields: { [field]: d.checked === true } })}
                style={{ display: 'flex' }}
              />
            ))}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement><Button appearance="primary">Done</Button></DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
