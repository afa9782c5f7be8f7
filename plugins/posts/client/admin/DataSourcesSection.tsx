import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Body1, Button, Caption1, Input, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title3,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { ApiError } from '@core/client/api/client';
import { useNotify } from '@core/client/app/notifications';
import { RECORD_LIMIT_MAX, RECORD_LIMIT_MIN, type OrganizationDataSource, type OrganizationDataSourceUpdate } from '../../shared/dataSources';
import { adminKeys, fetchDataSources, toggleDataVendor, updateOrganizationDataSource } from './api';

const useStyles = makeStyles({
  limit: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  input: { width: '110px' },
});

export const RECORD_LIMIT_HINT = `Enter a whole number from ${RECORD_LIMIT_MIN} to ${RECORD_LIMIT_MAX}, or leave it empty for no limit.`;
export const UNAVAILABLE_HINT = 'Switched off for this installation';

/** '' = no limit (null); otherwise an integer in range, else undefined (invalid). */
export function parseRecordLimit(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return n >= RECORD_LIMIT_MIN && n <= RECORD_LIMIT_MAX ? n : undefined;
}

export const serverMessage = (e: unknown) => (e instanceof ApiError ? e.metadata?.errors?.[0] ?? e.message : e instanceof Error ? e.message : String(e));

function DataSourceRow({ source, canAdd, canRemove }: { source: OrganizationDataSource; canAdd: boolean; canRemove: boolean }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (source.record_limit === null ? '' : String(source.record_limit));
  const parsed = parseRecordLimit(text);
  const save = useMutation({
    mutationFn: (body: OrganizationDataSourceUpdate) => updateOrganizationDataSource(source.id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData<OrganizationDataSource[]>(adminKeys.dataSources, (list) => list?.map((s) => (s.id === updated.id ? updated : s)));
      setDraft(null);
      notify(`${updated.name} saved`, 'success');
    },
    onError: (e) => notify(serverMessage(e), 'error'),
  });
  // On/off goes through the spec's data vendor toggle (data_vender + enable); the record limit through the source's own call.
  const toggle = useMutation({
    mutationFn: (enable: boolean) => toggleDataVendor(source.source, enable),
    onSuccess: ({ enable }) => {
      queryClient.setQueryData<OrganizationDataSource[]>(adminKeys.dataSources, (list) => list?.map((s) => (s.id === source.id ? { ...s, enabled: enable, customized: true } : s)));
      notify(`${source.name} saved`, 'success');
    },
    onError: (e) => notify(serverMessage(e), 'error'),
  });
  const canToggle = source.editable && source.available && (source.enabled ? canRemove : canAdd);
  return (
    <TableRow>
      <TableCell>{source.name}</TableCell>
      <TableCell>{source.source}</TableCell>
      <TableCell>
        <Switch
          aria-label={`Use ${source.name} in this organisation`} checked={source.enabled} disabled={!canToggle || toggle.isPending}
          label={source.available ? (source.enabled ? 'On' : 'Off') : UNAVAILABLE_HINT}
          onChange={(_, d) => toggle.mutate(d.checked)}
        />
      </TableCell>
      <TableCell>
        <form className={styles.limit} onSubmit={(e) => { e.preventDefault(); if (parsed !== undefined) save.mutate({ record_limit: parsed }); }}>
          <Input
            className={styles.input} type="number" min={RECORD_LIMIT_MIN} max={RECORD_LIMIT_MAX} placeholder="No limit" value={text}
            aria-label={`Record limit of ${source.name}`} disabled={!source.editable || !canAdd} onChange={(_, d) => setDraft(d.value)}
          />
          <Button type="submit" size="small" disabled={draft === null || parsed === undefined || save.isPending}>Save</Button>
        </form>
        {parsed === undefined && <Caption1 role="alert">{RECORD_LIMIT_HINT}</Caption1>}
      </TableCell>
    </TableRow>
  );
}

/**
 * The organisation's data sources: which ones its conversation runs use and at which record_limit (the most
 * posts one run collects from it). Changes apply to the next run.
 */
export function DataSourcesSection({ permissions, isGlobalAdmin }: { permissions: readonly string[]; isGlobalAdmin: boolean }) {
  const list = useQuery({ queryKey: adminKeys.dataSources, queryFn: fetchDataSources });
  const canAdd = isGlobalAdmin || permissions.includes('ADD_DATA_SOURCE_TO_ORGANIZATION');
  const canRemove = isGlobalAdmin || permissions.includes('REMOVE_DATA_SOURCE_FROM_ORGANIZATION');
  return (
    <section aria-labelledby="posts-data-sources-heading">
      <Title3 as="h2" id="posts-data-sources-heading">Data sources</Title3>
      <Body1 as="p">Where this organisation&apos;s conversations collect posts from. Changes apply to the next run.</Body1>
      {list.isPending ? <Spinner size="tiny" label="Loading data sources" /> : list.isError ? (
        <Body1 role="alert">The data sources could not be loaded.</Body1>
      ) : (
        <Table aria-label="Data sources" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Source</TableHeaderCell>
              <TableHeaderCell>Used by this organisation</TableHeaderCell>
              <TableHeaderCell>Record limit per run</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data.map((s) => <DataSourceRow key={s.id} source={s} canAdd={canAdd} canRemove={canRemove} />)}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
