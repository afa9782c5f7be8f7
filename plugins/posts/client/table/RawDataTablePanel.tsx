import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Spinner, Text, tokens } from '@fluentui/react-components';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { useNotify } from '@core/client/app/notifications';
import { encodeFilters } from '@core/shared/filters';
import type { RawDataRow } from '../../shared/explorerApi';
import { downloadExport, usePreference, useRawData, useSavePageSize, useSaveTableOrdering } from '../api';
import { usePanelCommand } from '@core/client/commands/usePanelCommand';
import { useSelectionService } from '@core/client/selection/hooks';
import { postKind } from '@core/client/selection/kinds';
import { focusSearchCommand } from '../commands';
import { explorerStateKey, useExplorerState } from '../explorerState';
import { compactNumber } from '../format';
import { useDebouncedEffect } from '../useDebounced';
import { SORT_COLUMNS, columnLabel, isDimensionColumn, nextSort, orderByParam, postContentShown, visibleColumns, type ColumnField, type PostContentField, type TableColumn } from './columns';
import { TableSettings } from './TableSettings';
import { PostCell, renderColumnCell } from './cells';
import { DEFAULT_PAGE_SIZE, FILTER_DEBOUNCE_MS, PAGE_SIZE_OPTIONS, ROW_ESTIMATE_PX, ROW_OVERSCAN, pageItems } from './pagination';
import { useHashSearch } from './useHashSearch';

/** Long enough for the command palette to close and restore focus first. */
const FOCUS_DELAY_MS = 80;

export type RawDataTableConfig = Record<string, never>;

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, RawDataRow>();
const DIMENSION_COLUMN_WIDTH = 'minmax(110px, 1fr)';
const COLUMN_WIDTH: Record<ColumnField | 'post', string> = {
  post: 'minmax(280px, 3fr)', type: '120px', publishedAt: '150px', creator: 'minmax(120px, 1fr)', engagementScore: '110px',
  firstNgram: 'minmax(100px, 1fr)', threatsOfViolence: '110px', sourceUrl: 'minmax(140px, 1fr)', entities: 'minmax(120px, 1fr)',
};

/**
 * The raw data table (spec part 2 sections 2 and 9): server-paged posts under the workspace filters and the global
 * search, columns from the user's raw_data_table_ordering preference, virtual rows, sort by column, page sizes,
 * pagination with 2 edge and 1 sibling pages, export of the same selection.
 */
export default function RawDataTablePanel({ paneId, conversationId, filters }: PanelProps<RawDataTableConfig>) {
  const { services } = useWorkbench();
  const selection = useSelectionService();
  const state = services.get(explorerStateKey);
  const snap = useExplorerState(state);
  const notify = useNotify();
  const preference = usePreference();
  const savePageSize = useSavePageSize();
  const saveTableOrdering = useSaveTableOrdering();
  const ordering = preference.data?.raw_data_table_ordering ?? null;
  const pageSize = snap.pageSize ?? ordering?.results_per_page ?? DEFAULT_PAGE_SIZE;
  const filterKey = encodeFilters(filters).toString();

  useEffect(() => {
    state.enterConversation(conversationId);
  }, [state, conversationId]);
  useHashSearch(state, snap.search, filterKey);

  // New filters start again at page 1 (not on the first render: a shared link keeps its page).
  const lastFilters = useRef(filterKey);
  useEffect(() => {
    if (lastFilters.current !== filterKey) state.setPage(1);
    lastFilters.current = filterKey;
  }, [filterKey, state]);

  const rawData = useRawData(conversationId, {
    filters, search: snap.search, limit: pageSize, offset: (snap.page - 1) * pageSize, orderBy: orderByParam(snap.sort),
  });
  const rows = rawData.data?.rows ?? [];
  const total = rawData.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  const fields = useMemo(() => visibleColumns(ordering), [ordering]);
  const content = useMemo(() => postContentShown(ordering), [ordering]);
  const columns = useMemo(() => [
    helper.display({ id: 'post', header: 'Post' }),
    ...fields.map((f) => helper.display({ id: f, header: columnLabel(f) })),
  ], [fields]);
  const table = useTable({ features, columns, data: rows, getRowId: (r) => String(r.id) });
  const gridTemplateColumns = columns.map((c) => (isDimensionColumn(String(c.id)) ? DIMENSION_COLUMN_WIDTH : COLUMN_WIDTH[c.id as ColumnField | 'post'])).join(' ');

  const tableRows = table.getRowModel().rows;
  const rowData = useMemo(() => tableRows.map((r) => r.original), [tableRows]);
  const cellOrder = useMemo(() => columns.map((c) => c.id as TableColumn | 'post'), [columns]);
  const openPost = useCallback((id: number) => selection.openPopup(postKind, { postId: String(id) }), [selection]);

  const changePageSize = (size: number) => {
    state.setPageSize(size);
    savePageSize(size).catch(() => notify('The page size could not be saved to your preferences', 'warning'));
  };
  const exportAs = async (format: 'csv' | 'jsonl') => {
    if (!conversationId) return;
    try {
      await downloadExport(conversationId, format, filters, snap.search);
    } catch (error) {
      notify((error as Error).message, 'error');
    }
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Toolbar
        paneId={paneId}
        search={snap.search}
        onSearch={(s) => state.setSearch(s)}
        pageSize={pageSize}
        onPageSize={changePageSize}
        total={total}
        onExport={(f) => void exportAs(f)}
        busy={rawData.isFetching}
        settings={<TableSettings shown={fields} ordering={ordering} onChange={(change) => {
          saveTableOrdering(change).catch(() => notify('The table settings could not be saved to your preferences', 'error'));
        }} />}
      />
      {rawData.isError && <MessageBar intent="error"><MessageBarBody>{(rawData.error as Error).message}</MessageBarBody></MessageBar>}
      <div
        role="table"
        aria-label="Raw data"
        aria-rowcount={total + 1}
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', borderTop: `1px solid ${tokens.colorNeutralStroke2}` }}
      >
        <div role="rowgroup">
          {table.getHeaderGroups().map((group) => (
            <div role="row" key={group.id} aria-rowindex={1} style={{ display: 'grid', gridTemplateColumns, background: tokens.colorNeutralBackground3, fontWeight: 600 }}>
              {group.headers.map((header) => {
                const sortColumn = isDimensionColumn(header.column.id) ? undefined : SORT_COLUMNS[header.column.id as ColumnField];
                const sorted = sortColumn && snap.sort?.column === sortColumn ? snap.sort.direction : null;
                const label = String(header.column.columnDef.header);
                return (
                  <div role="columnheader" key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'} style={{ padding: '6px 8px' }}>
                    {sortColumn ? (
                      <Button appearance="transparent" size="small" onClick={() => state.setSort(nextSort(snap.sort, sortColumn))} aria-label={`Sort by ${label}`}>
                        {label}{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </Button>
                    ) : label}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <VirtualBody
          rows={rowData}
          cells={cellOrder}
          content={content}
          gridTemplateColumns={gridTemplateColumns}
          firstRowIndex={(snap.page - 1) * pageSize + 2}
          resetKey={`${snap.page}|${filterKey}|${snap.search}|${orderByParam(snap.sort) ?? ''}|${pageSize}`}
          onOpen={openPost}
          status={rawData.isLoading ? 'loading' : rows.length === 0 && !rawData.isError ? 'empty' : 'rows'}
        />
      </div>
      <Pagination page={Math.min(snap.page, pageCount)} pageCount={pageCount} onPage={(p) => state.setPage(p)} />
    </div>
  );
}

function Toolbar(props: {
  paneId: string; search: string; onSearch: (s: string) => void; pageSize: number; onPageSize: (n: number) => void;
  total: number; onExport: (f: 'csv' | 'jsonl') => void; busy: boolean; settings: ReactNode;
}) {
  const [text, setText] = useState(props.search);
  const inputRef = useRef<HTMLInputElement>(null);
  // The search typed waits 350 ms; a search set elsewhere (hash, command) replaces the box's text.
  useEffect(() => setText(props.search), [props.search]);
  useDebouncedEffect(text, FILTER_DEBOUNCE_MS, (value) => props.onSearch(value.trim()));
  // "Search posts" focuses the box, deferred: the palette that ran it gives focus back to where it was when it closes.
  usePanelCommand(focusSearchCommand, props.paneId, () => { setTimeout(() => inputRef.current?.focus(), FOCUS_DELAY_MS); });
  const options = [...new Set<number>([...PAGE_SIZE_OPTIONS, props.pageSize])].sort((a, b) => a - b);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: 12, padding: 8 }}>
      <Field label="Search posts" style={{ flex: '1 1 220px' }}>
        <Input ref={inputRef} type="search" value={text} onChange={(_, d) => setText(d.value)} />
      </Field>
      <Field label="Rows per page">
        <Dropdown
          value={String(props.pageSize)}
          selectedOptions={[String(props.pageSize)]}
          onOptionSelect={(_, d) => d.optionValue && props.onPageSize(Number(d.optionValue))}
          style={{ minWidth: 90 }}
        >
          {options.map((n) => <Option key={n} value={String(n)}>{String(n)}</Option>)}
        </Dropdown>
      </Field>
      {props.settings}
      <Button onClick={() => props.onExport('csv')}>Export CSV</Button>
      <Button onClick={() => props.onExport('jsonl')}>Export JSONL</Button>
      <Text aria-live="polite" data-testid="raw-data-total">
        {props.total === 1 ? '1 post' : `${props.total.toLocaleString('en-US')} posts`}
        {props.total >= 10_000 ? ` (${compactNumber(props.total)})` : ''}
        {props.busy ? ' · updating' : ''}
      </Text>
    </div>
  );
}

function Pagination({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (p: number) => void }) {
  return (
    <nav aria-label="Pages" style={{ display: 'flex', gap: 4, padding: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</Button>
      {pageItems(page, pageCount).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="small"
            appearance={item === page ? 'primary' : 'secondary'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPage(item)}
          >
            {String(item)}
          </Button>
        ) : <span key={item} aria-hidden>…</span>,
      )}
      <Button size="small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>Next</Button>
    </nav>
  );
}

/**
 * The virtual rows, apart from the panel so that scrolling re-renders only this and the rows entering the view
 * (rows are memoised: their props do not change while scrolling).
 */
const VirtualBody = memo(function VirtualBody(props: {
  rows: RawDataRow[]; cells: Array<TableColumn | 'post'>; content: Record<PostContentField, boolean>; gridTemplateColumns: string;
  firstRowIndex: number; resetKey: string; onOpen: (id: number) => void; status: 'loading' | 'empty' | 'rows';
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: ROW_OVERSCAN,
    getItemKey: (i) => props.rows[i]?.id ?? i,
  });
  // Braces matter: Chromium's scrollTo returns a promise, which React would take for a cleanup function.
  useLayoutEffect(() => {
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [props.resetKey]);
  const remeasure = useCallback(() => requestAnimationFrame(() => virtualizer.measure()), [virtualizer]);
  return (
    <div ref={scrollRef} role="rowgroup" data-testid="raw-data-scroll" style={{ flex: 1, minHeight: 0, overflow: 'auto', position: 'relative' }}>
      {props.status === 'loading' && <Spinner label="Loading posts" style={{ padding: 24 }} />}
      {props.status === 'empty' && <Text style={{ padding: 24, display: 'block' }}>No posts match the filters.</Text>}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <VirtualRow
            key={item.key}
            index={item.index}
            start={item.start}
            measure={virtualizer.measureElement}
            row={props.rows[item.index]!}
            rowIndex={props.firstRowIndex + item.index}
            cells={props.cells}
            content={props.content}
            gridTemplateColumns={props.gridTemplateColumns}
            onOpen={props.onOpen}
            onResize={remeasure}
          />
        ))}
      </div>
    </div>
  );
});

const VirtualRow = memo(function VirtualRow(props: {
  index: number; start: number; measure: (el: Element | null) => void; row: RawDataRow; rowIndex: number;
  cells: Array<TableColumn | 'post'>; content: Record<PostContentField, boolean>; gridTemplateColumns: string;
  onOpen: (id: number) => void; onResize: () => void;
}) {
  const { row } = props;
  return (
    <div
      role="row"
      data-index={props.index}
      ref={props.measure}
      aria-rowindex={props.rowIndex}
      style={{
        display: 'grid', gridTemplateColumns: props.gridTemplateColumns, position: 'absolute', top: 0, left: 0, right: 0,
        transform: `translateY(${props.start}px)`, borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
      }}
    >
      {props.cells.map((id) => (
        <div role="cell" key={id} style={{ padding: '6px 8px', minWidth: 0 }}>
          {id === 'post'
            ? <PostCell row={row} content={props.content} onOpen={() => props.onOpen(row.id)} onResize={props.onResize} />
            : renderColumnCell(id, row)}
        </div>
      ))}
    </div>
  );
});
