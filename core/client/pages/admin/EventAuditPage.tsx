import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Body1, Button, Field, Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { EVENT_TYPES, eventAuditEntrySchema, type EventType } from '@core/shared/access/api';
import { apiGetWithMetadata } from '../../api/client';
import { useCurrentUser } from '../../session/SessionContext';

export const EVENT_AUDIT_PATH = '/api/v2/event_audit';
export const EVENT_AUDIT_PAGE_SIZE = 50;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  controls: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end', flexWrap: 'wrap' },
  pager: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  detail: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});

export const formatWhen = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'medium' })} UTC`;

/** `key: value` lines; values that are not strings are shown as JSON. Rendered as text, never as HTML. */
export function detailText(detail: Record<string, unknown>, targetUserId: string | null): string {
  const entries = Object.entries(detail).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  if (targetUserId) entries.unshift(`target user: ${targetUserId}`);
  return entries.join('\n') || '—';
}

/**
 * /myOrganization/eventAudit (permission EVENT_AUDIT): the organisation's sign-in, password, MFA, role,
 * membership and API key events, newest first. Without the permission the server's refusal is shown as it comes.
 */
export default function EventAuditPage() {
  const styles = useStyles();
  const org = useCurrentUser()?.user.organization_id ?? null;
  const [eventType, setEventType] = useState<EventType | ''>('');
  const [offset, setOffset] = useState(0);
  const events = useQuery({
    queryKey: ['core', 'eventAudit', org, eventType, offset],
    enabled: !!org,
    placeholderData: keepPreviousData,
    queryFn: () => apiGetWithMetadata(EVENT_AUDIT_PATH, {
      schema: eventAuditEntrySchema.array(),
      query: { limit: EVENT_AUDIT_PAGE_SIZE, offset, event_type: eventType || undefined },
    }),
  });
  const rows = events.data?.data ?? [];
  const total = events.data?.metadata.pagination_info?.total ?? rows.length;

  return (
    <div className={styles.root}>
      <Title2 as="h1">Event audit</Title2>
      <div className={styles.controls}>
        <Field label="Event type">
          <Select value={eventType} onChange={(_, d) => { setEventType(d.value as EventType | ''); setOffset(0); }}>
            <option value="">All event types</option>
            {EVENT_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </Select>
        </Field>
        <Button onClick={() => void events.refetch()} disabled={events.isFetching}>Refresh</Button>
      </div>
      {events.isError ? <Body1 role="alert">{events.error.message}</Body1> : events.isPending ? <Spinner /> : rows.length === 0 ? (
        <Body1>{eventType ? 'No events of this type.' : 'No events recorded yet.'}</Body1>
      ) : (
        <>
          <Table aria-label="Events" size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>When</TableHeaderCell>
                <TableHeaderCell>Who</TableHeaderCell>
                <TableHeaderCell>Event type</TableHeaderCell>
                <TableHeaderCell>Details</TableHeaderCell>
                <TableHeaderCell>Source IP</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{formatWhen(e.created_at)}</TableCell>
                  <TableCell>{e.email ?? e.user_id ?? '—'}</TableCell>
                  <TableCell>{e.event_type}</TableCell>
                  <TableCell className={styles.detail}>{detailText(e.detail, e.target_user_id)}</TableCell>
                  <TableCell>{e.source_ip ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className={styles.pager}>
            <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - EVENT_AUDIT_PAGE_SIZE))}>Previous</Button>
            <Body1>{`${offset + 1}–${offset + rows.length} of ${total}`}</Body1>
            <Button disabled={offset + rows.length >= total} onClick={() => setOffset(offset + EVENT_AUDIT_PAGE_SIZE)}>Next</Button>
          </div>
        </>
      )}
    </div>
  );
}
