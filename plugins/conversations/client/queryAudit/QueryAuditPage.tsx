import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Body1, Button, Field, Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { useCurrentUser } from '@core/client/session/SessionContext';
import type { QueryAuditEntry } from '../../shared/queryAudit';
import { useConversations } from '../api';
import { fetchQueryAudit, queryAuditKey } from './api';

export const QUERY_AUDIT_PAGE_SIZE = 25;
/** A finished run ends in one of these (the entry's status is its run's). */
const FINISHED_STATUSES = ['SUCCESS', 'FAILED', 'CANCELLED'] as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  controls: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end', flexWrap: 'wrap' },
  pager: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  lines: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  query: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});

const when = (iso: string) => `${new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'medium' })} UTC`;

export function collectorsText(entry: QueryAuditEntry): string {
  return entry.data_collectors.map((c) => `${c.name} (${c.source}): ${c.collected_records} / ${c.record_limit ?? 'no limit'}`).join('\n') || '—';
}

export function failuresText(entry: QueryAuditEntry): string {
  return entry.datacollector_failures.map((f) => `${f.name}: ${f.message ?? 'failed'}`).join('\n') || '—';
}

export function durationText(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

const windowText = (e: QueryAuditEntry) =>
  `${e.start_date?.slice(0, 10) ?? '—'} – ${e.end_date?.slice(0, 10) ?? '—'}${e.threat_feed ? ' (continuous)' : ''}`;

/**
 * /myOrganization/queryAudit (permission QUERY_AUDIT): one row per finished conversation run, newest first,
 * filtered by conversation and status. Query strings and failure messages are shown as text.
 */
export default function QueryAuditPage() {
  const styles = useStyles();
  const org = useCurrentUser()?.user.organization_id ?? null;
  const [conversationId, setConversationId] = useState('');
  const [status, setStatus] = useState('');
  const [offset, setOffset] = useState(0);
  const conversations = useConversations(org, null);
  const query = {
    limit: QUERY_AUDIT_PAGE_SIZE, offset,
    ...(conversationId ? { conversation_id: conversationId } : {}),
    ...(status ? { status: status as (typeof FINISHED_STATUSES)[number] } : {}),
  };
  const audit = useQuery({
    queryKey: queryAuditKey(org ?? '', query),
    enabled: !!org,
    placeholderData: keepPreviousData,
    queryFn: () => fetchQueryAudit(query),
  });
  const rows = audit.data?.entries ?? [];
  const total = audit.data?.total ?? 0;
  const filtered = !!conversationId || !!status;

  return (
    <div className={styles.root}>
      <Title2 as="h1">Query audit</Title2>
      <div className={styles.controls}>
        <Field label="Conversation">
          <Select value={conversationId} onChange={(_, d) => { setConversationId(d.value); setOffset(0); }}>
            <option value="">All conversations</option>
            {(conversations.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </Select>
        </Field>
        <Field label="Status">
          <Select value={status} onChange={(_, d) => { setStatus(d.value); setOffset(0); }}>
            <option value="">All statuses</option>
            {FINISHED_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
          </Select>
        </Field>
        <Button onClick={() => void audit.refetch()} disabled={audit.isFetching}>Refresh</Button>
      </div>
      {audit.isError ? <Body1 role="alert">{audit.error.message}</Body1> : audit.isPending ? <Spinner /> : rows.length === 0 ? (
        <Body1>{filtered ? 'No runs match these filters.' : 'No conversation run has finished yet.'}</Body1>
      ) : (
        <>
          <Table aria-label="Query audit entries" size="small">
            <TableHeader>
              <TableRow>
                {['Finished', 'User', 'Conversation', 'Project', 'Query', 'Run type', 'Status', 'State', 'Window', 'Collectors (collected / limit)',
                  'Collector failures', 'Coordination', 'Duration'].map((h) => <TableHeaderCell key={h}>{h}</TableHeaderCell>)}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{when(e.created_at)}</TableCell>
                  <TableCell>{e.user ?? '—'}</TableCell>
                  <TableCell>{e.conversation_name}</TableCell>
                  <TableCell>{e.project_name}</TableCell>
                  <TableCell className={styles.query}>{e.query_string}</TableCell>
                  <TableCell>{e.conversation_run_type}</TableCell>
                  <TableCell>{e.status}</TableCell>
                  <TableCell>{e.state}</TableCell>
                  <TableCell>{windowText(e)}</TableCell>
                  <TableCell className={styles.lines}>{collectorsText(e)}</TableCell>
                  <TableCell className={styles.lines}>{failuresText(e)}</TableCell>
                  <TableCell>{e.coordination_detected ? 'Detected' : '—'}</TableCell>
                  <TableCell>{durationText(e.query_duration)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className={styles.pager}>
            <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - QUERY_AUDIT_PAGE_SIZE))}>Previous</Button>
            <Body1>{`${offset + 1}–${offset + rows.length} of ${total}`}</Body1>
            <Button disabled={offset + rows.length >= total} onClick={() => setOffset(offset + QUERY_AUDIT_PAGE_SIZE)}>Next</Button>
          </div>
        </>
      )}
    </div>
  );
}
