import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Body1, Button, Field, Input, Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { apiGet, apiGetWithMetadata } from '@core/client/api/client';
import { useCurrentUser } from '@core/client/session/SessionContext';
import {
  ALERT_AUDIT_PATH, ALERT_CONFIGS_PATH, alertConfigListSchema, auditListSchema, levelText, periodText, type AuditEntry, type AuditQuery,
} from '../../shared/api';

export const ALERT_AUDIT_PAGE_SIZE = 25;
/** The spec's fired alert (id, alert_config_id, recipients, details: criteria, message, dag_run_id; timestamps), as columns. */
export const ALERT_AUDIT_COLUMNS = ['Fired', 'Rule', 'Conversation', 'Message', 'Criteria', 'Recipients', 'Delivery', 'Run'] as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  controls: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end', flexWrap: 'wrap' },
  pager: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  lines: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

const when = (iso: string) => `${new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'medium' })} UTC`;

/**
 * Each criterion that fired, in words: metric, its value and the change (or the model's tail probability; for a
 * continuous conversation's post_count, of the posts new since the previous run).
 */
export function firedCriteriaText(entry: AuditEntry): string {
  return entry.details.criteria.filter((c) => c.fired).map((c) => {
    const scope = [c.platform?.length ? c.platform.join(', ') : null, c.risk_categories?.length ? c.risk_categories.join(', ') : null].filter(Boolean).join('; ');
    const e = c.explanation;
    const change = e
      ? e.basis === 'new_posts'
        ? `unusual (p = ${e.tail_probability.toPrecision(2)}, ${e.observed} new since the previous run, expected ${e.expected.toFixed(1)} new${periodText(e.period_days)}` +
          `${levelText(e) ? `; ${levelText(e)}` : ''})`
        : `unusual (p = ${e.tail_probability.toPrecision(2)}, expected ${e.expected.toFixed(1)})`
      : `${c.direction} ${c.threshold}${c.unit === 'percent' ? '%' : ''}`;
    return `${c.metric}${scope ? ` (${scope})` : ''} = ${c.actual ?? '—'}: ${change}`;
  }).join('\n') || '—';
}

export const deliveryText = (entry: AuditEntry) =>
  entry.deliveries.map((d) => `${d.channel} ${d.target}: ${d.status}${d.attempts > 1 ? ` (${d.attempts} attempts)` : ''}`).join('\n') || 'In-app only';

/** A day picked in the filter, as the UTC bound the call takes (`until` is exclusive: the day after). */
const dayBound = (day: string, after = false) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = new Date(`${day}T00:00:00.000Z`);
  if (after) d.setUTCDate(d.getUTCDate() + 1);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

async function fetchAudit(query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  const answer = await apiGetWithMetadata(ALERT_AUDIT_PATH, { schema: auditListSchema, query: { ...query } });
  const entries = answer?.data ?? [];
  return { entries, total: answer?.metadata.pagination_info?.total ?? entries.length };
}

/**
 * /myOrganization/alertAudit (permission ALERT_AUDIT): the organisation's fired alerts, newest first, filtered by rule
 * and by the days they fired (UTC), 25 a page. Without the permission the server's refusal shows.
 */
export default function AlertAuditPage() {
  const styles = useStyles();
  const org = useCurrentUser()?.user.organization_id ?? null;
  const [rule, setRule] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [offset, setOffset] = useState(0);
  const rules = useQuery({
    queryKey: ['alerts', 'rules', org, 'all'], enabled: !!org,
    queryFn: () => apiGet(ALERT_CONFIGS_PATH, { schema: alertConfigListSchema }),
  });
  const query: AuditQuery = {
    limit: ALERT_AUDIT_PAGE_SIZE, offset,
    ...(rule ? { alert_config_id: rule } : {}),
    ...(dayBound(from) ? { since: dayBound(from) } : {}),
    ...(dayBound(to, true) ? { until: dayBound(to, true) } : {}),
  };
  const audit = useQuery({
    queryKey: ['alerts', 'audit', org, query], enabled: !!org, placeholderData: keepPreviousData,
    queryFn: () => fetchAudit(query),
  });
  const rows = audit.data?.entries ?? [];
  const total = audit.data?.total ?? 0;
  const filtered = !!(rule || from || to);
  const refilter = (set: (v: string) => void) => (v: string) => { set(v); setOffset(0); };

  return (
    <div className={styles.root}>
      <Title2 as="h1">Alert audit</Title2>
      <div className={styles.controls}>
        <Field label="Rule">
          <Select value={rule} onChange={(_, d) => refilter(setRule)(d.value)}>
            <option value="">All rules</option>
            {(rules.data ?? []).map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
          </Select>
        </Field>
        <Field label="Fired from (UTC)">
          <Input type="date" value={from} onChange={(_, d) => refilter(setFrom)(d.value)} />
        </Field>
        <Field label="Fired to (UTC)">
          <Input type="date" value={to} onChange={(_, d) => refilter(setTo)(d.value)} />
        </Field>
        <Button onClick={() => void audit.refetch()} disabled={audit.isFetching}>Refresh</Button>
      </div>
      {audit.isError ? <Body1 role="alert">{audit.error.message}</Body1> : audit.isPending ? <Spinner /> : rows.length === 0 ? (
        <Body1>{filtered ? 'No fired alert matches these filters.' : 'No alert has fired yet.'}</Body1>
      ) : (
        <>
          <Table aria-label="Fired alerts" size="small">
            <TableHeader>
              <TableRow>{ALERT_AUDIT_COLUMNS.map((h) => <TableHeaderCell key={h}>{h}</TableHeaderCell>)}</TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{when(e.created_at)}</TableCell>
                  <TableCell>{e.alert_name || e.alert_config_id}</TableCell>
                  <TableCell>{e.conversation_name ?? e.conversation_id}</TableCell>
                  <TableCell className={styles.lines}>{e.details.message}</TableCell>
                  <TableCell className={styles.lines}>{firedCriteriaText(e)}</TableCell>
                  <TableCell className={styles.lines}>{e.recipients.map((r) => r.email).join('\n') || '—'}</TableCell>
                  <TableCell className={styles.lines}>{deliveryText(e)}</TableCell>
                  <TableCell className={styles.id}>{e.details.dag_run_id}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className={styles.pager}>
            <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - ALERT_AUDIT_PAGE_SIZE))}>Previous</Button>
            <Body1>{`${offset + 1}–${offset + rows.length} of ${total}`}</Body1>
            <Button disabled={offset + rows.length >= total} onClick={() => setOffset(offset + ALERT_AUDIT_PAGE_SIZE)}>Next</Button>
          </div>
        </>
      )}
    </div>
  );
}
