import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Accordion, AccordionHeader, AccordionItem, AccordionPanel, Button, Field, Input, Spinner, Text, ToggleButton, tokens,
} from '@fluentui/react-components';
import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { filtersKey } from '@core/client/services/keys';
import { flagOf, isEmptyFilters, selectionOf, setListValue, type Filters, type ListDimension } from '@core/shared/filters';
import type { FilterCounts } from '../../shared/explorerApi';
import { useFilterCounts } from '../api';
import { usePanelCommand } from '@core/client/commands/usePanelCommand';
import { showFilterCommand } from '../commands';
import { useDebouncedEffect } from '../useDebounced';
import { FILTER_DEBOUNCE_MS } from '../table/pagination';

/** Long enough for the command palette to close and restore focus first. */
const FOCUS_DELAY_MS = 80;
import { countKey, dimensionLabel, dimensionOrder, isBoolean, valueLabel, type Dimension } from './dimensions';
import { fromRangeInput, toRangeInput } from './range';
import { countsOf } from '../overview/chartData';

export type FiltersPanelConfig = Record<string, never>;

/** Values shown per dimension before "Show all". */
const SHOWN_VALUES = 12;

/**
 * Every filter dimension with its counts under the current filters (filter_counts), include / exclude toggles, the
 * date range and "Clear all". The state is the URL (core filters service), so every panel follows at once and the
 * link can be shared.
 */
export default function FiltersPanel({ paneId, conversationId, filters }: PanelProps<FiltersPanelConfig>) {
  const { services } = useWorkbench();
  const counts = useFilterCounts(conversationId, filters);
  // The date range starts open only when one is set (a shared link), so it is seen.
  const [open, setOpen] = useState<string[]>(() => [...(filters.start_range || filters.end_range ? ['date-range'] : []), 'platforms', 'sentiments']);
  const headers = useRef(new Map<string, HTMLElement>());
  const setFilters = (next: Filters) => services.get(filtersKey).set(next);

  // "Filter by <dimension>" commands open that dimension and move focus to it.
  usePanelCommand(showFilterCommand, paneId, ({ dimension }) => {
    setOpen((o) => (o.includes(dimension) ? o : [...o, dimension]));
    // Deferred like the search box: the palette restores focus when it closes.
    setTimeout(() => headers.current.get(dimension)?.querySelector('button')?.focus(), FOCUS_DELAY_MS);
  });

  return (
    <div style={{ height: '100%', overflow: 'auto', padding: 8, display: 'grid', alignContent: 'start', gap: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Text weight="semibold" data-testid="filters-total" aria-live="polite">
          {counts.data ? `${counts.data.total.toLocaleString('en-US')} posts` : ''}
        </Text>
        {counts.isFetching && <Spinner size="extra-tiny" aria-label="Updating counts" />}
        <span style={{ flex: 1 }} />
        <Button size="small" disabled={isEmptyFilters(filters)} onClick={() => services.get(filtersKey).clearAll()}>Clear all</Button>
      </div>
      <Accordion multiple collapsible openItems={open} onToggle={(_, d) => setOpen(d.openItems.map(String))}>
        {/* Folded by default: the two datetime fields are 14 Tab stops (one per segment) a keyboard user would
            otherwise pass before reaching the first filter. */}
        <AccordionItem value="date-range">
          <AccordionHeader size="small">
            Date range{filters.start_range || filters.end_range ? ' (set)' : ''}
          </AccordionHeader>
          <AccordionPanel>
            <DateRange filters={filters} onChange={setFilters} />
          </AccordionPanel>
        </AccordionItem>
        {dimensionOrder().map((d) => (
          <AccordionItem key={d} value={d}>
            <AccordionHeader ref={(el) => { if (el) headers.current.set(d, el); }} size="small">
              {dimensionLabel(d)}{selectedCount(filters, d) ? ` (${selectedCount(filters, d)})` : ''}
            </AccordionHeader>
            <AccordionPanel>
              <DimensionValues dimension={d} filters={filters} counts={counts.data ?? null} onChange={setFilters} />
            </AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
    </div>
  );
}

function selectedCount(filters: Filters, d: Dimension): number {
  return isBoolean(d) ? (flagOf(filters, d) === null ? 0 : 1) : Object.keys(selectionOf(filters, d)).length;
}

function DimensionValues({ dimension, filters, counts, onChange }: { dimension: Dimension; filters: Filters; counts: FilterCounts | null; onChange: (f: Filters) => void }) {
  const [all, setAll] = useState(false);
  const valueCounts = countsOf(counts, countKey(dimension));
  const values = useMemo(() => {
    const selected = isBoolean(dimension) ? [] : Object.keys(selectionOf(filters, dimension));
    const known = isBoolean(dimension) ? ['true', 'false'] : Object.keys(valueCounts);
    const merged = [...new Set([...known, ...selected])];
    return merged.sort((a, b) => (valueCounts[b] ?? 0) - (valueCounts[a] ?? 0) || a.localeCompare(b));
  }, [dimension, filters, valueCounts]);
  if (!counts) return <Text size={200}>Loading counts</Text>;
  if (values.length === 0) return <Text size={200}>No values under the current filters</Text>;
  const shown = all ? values : values.slice(0, SHOWN_VALUES);

  const stateOf = (value: string): boolean | null => {
    const flag = flagOf(filters, dimension);
    if (isBoolean(dimension)) return flag === null ? null : String(flag) === value ? true : null;
    return selectionOf(filters, dimension)[value] ?? null;
  };
  const toggle = (value: string, want: boolean) => {
    const current = stateOf(value);
    if (isBoolean(dimension)) {
      // A boolean dimension: "include Yes" = true; "exclude Yes" = false (the other value).
      const target = want ? value === 'true' : value !== 'true';
      onChange({ ...filters, [dimension]: flagOf(filters, dimension) === target ? null : target });
      return;
    }
    onChange(setListValue(filters, dimension as ListDimension, value, current === want ? null : want));
  };

  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
      {shown.map((value) => {
        const label = valueLabel(dimension, value);
        const state = isBoolean(dimension) ? booleanState(flagOf(filters, dimension), value) : stateOf(value);
        return (
          <li key={value} style={{ display: 'flex', alignItems: 'center', gap: 6 }} data-filter-value={`${dimension}:${value}`}>
            <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textDecoration: state === false ? 'line-through' : undefined }} title={value}>
              {label}
            </span>
            <Text size={200} style={{ color: tokens.colorNeutralForeground3 }} aria-label={`${valueCounts[value] ?? 0} posts`}>
              {(valueCounts[value] ?? 0).toLocaleString('en-US')}
            </Text>
            <ToggleButton size="small" checked={state === true} aria-label={`Include ${dimensionLabel(dimension)} ${label}`} onClick={() => toggle(value, true)}>+</ToggleButton>
            <ToggleButton size="small" checked={state === false} aria-label={`Exclude ${dimensionLabel(dimension)} ${label}`} onClick={() => toggle(value, false)}>−</ToggleButton>
          </li>
        );
      })}
      {values.length > SHOWN_VALUES && (
        <li><Button size="small" appearance="transparent" onClick={() => setAll(!all)}>{all ? 'Show fewer' : `Show all ${values.length}`}</Button></li>
      )}
    </ul>
  );
}

/** For a boolean dimension shown as two rows (Yes / No): the Yes row is included when the filter is true, and so on. */
function booleanState(filter: boolean | null, value: string): boolean | null {
  if (filter === null) return null;
  return (value === 'true') === filter ? true : false;
}

function DateRange({ filters, onChange }: { filters: Filters; onChange: (f: Filters) => void }) {
  const [start, setStart] = useState(toRangeInput(filters.start_range));
  const [end, setEnd] = useState(toRangeInput(filters.end_range));
  useEffect(() => setStart(toRangeInput(filters.start_range)), [filters.start_range]);
  useEffect(() => setEnd(toRangeInput(filters.end_range)), [filters.end_range]);
  const range = useMemo(() => ({ start, end }), [start, end]);
  useDebouncedEffect(range, FILTER_DEBOUNCE_MS, (r) => {
    const next = { start_range: fromRangeInput(r.start), end_range: fromRangeInput(r.end) };
    if (next.start_range !== filters.start_range || next.end_range !== filters.end_range) onChange({ ...filters, ...next });
  });
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Field label="From (UTC)"><Input type="datetime-local" value={start} onChange={(_, d) => setStart(d.value)} /></Field>
      <Field label="To (UTC)"><Input type="datetime-local" value={end} onChange={(_, d) => setEnd(d.value)} /></Field>
    </div>
  );
}
