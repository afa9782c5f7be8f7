import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useWorkbench } from '@core/client/app/hostContext';
import { DraggablePopup } from '@core/client/popup/DraggablePopup';
import type { PopupRendererProps } from '@core/client/selection/selectionService';
import type { domainKind, PayloadOf } from '@core/client/selection/kinds';
import { filtersKey } from '@core/client/services/keys';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { domainDetailsQuery } from '../api';
import { lookUpAndRefresh } from '../lookup';
import { filterToDomain } from '../filterToDomain';
import { DomainTimeline } from './DomainTimeline';
import { RegistrationTables, useSectionStyles } from './RegistrationSection';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const shownDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'N/A');

/**
 * The domain popup of the URLs view (spec part 2 section 2, domain popup; section 3, domain analysis): Posts, Accounts,
 * First Seen, Last Seen under the workspace filters, the domain timeline (registration against first share), its most
 * shared links with the posts by accounts with insights, detected risk, Current and Past Registration; buttons to
 * filter the workspace to it, look its registration up now, copy it.
 */
export function DomainDetailsPopup({ payload, conversationId, filters, close }: PopupRendererProps<PayloadOf<typeof domainKind>>) {
  const styles = useStyles();
  const table = useSectionStyles();
  const { services } = useWorkbench();
  const queryClient = useQueryClient();
  const [lookup, setLookup] = useState<{ busy: boolean; message: string | null; ok: boolean }>({ busy: false, message: null, ok: true });
  const q = useQuery(domainDetailsQuery(conversationId, payload.domain, filters));
  const d = q.data ?? null;
  const runLookup = async () => {
    setLookup({ busy: true, message: null, ok: true });
    const outcome = await lookUpAndRefresh(d?.source ?? payload.domain, queryClient);
    setLookup({ busy: false, ...outcome });
  };
  return (
    <DraggablePopup title="Domain" closeLabel="Clear popup" testId="domain-popup" onClose={close} initialPosition={{ x: Math.max(16, window.innerWidth - 460), y: 110 }}>
      <Text weight="semibold" size={400}>{d?.source ?? payload.domain}</Text>
      {q.isLoading && <Text>Loading…</Text>}
      {q.isError && <Text role="alert">The domain could not be loaded.</Text>}
      {q.isSuccess && !d && <Text>{SHARED_MESSAGES.noAvailableData}</Text>}
      {d && (
        <>
          {d.category && <Text>Category: {d.category.replace('_', ' ')}</Text>}
          <table className={table.table} aria-label="Domain"><tbody>
            <tr><th>Posts</th><td>{d.total_count.toLocaleString()}</td></tr>
            <tr><th>Accounts</th><td>{d.unique_users.toLocaleString()}</td></tr>
            <tr><th>First Seen</th><td>{shownDate(d.first_seen)}</td></tr>
            <tr><th>Last Seen</th><td>{shownDate(d.last_seen)}</td></tr>
            <tr><th>Shares per day</th><td>{d.signals.share_velocity.toLocaleString()}</td></tr>
          </tbody></table>
          <DomainTimeline details={d} />
          {d.detected_risk.length > 0 && (
            <table className={table.table} aria-label="Detected risk">
              <thead><tr><th>Risk</th><th>Accounts</th><th>Domains</th></tr></thead>
              <tbody>{d.detected_risk.map((r) => <tr key={r.risk_category}><td>{r.risk_category}</td><td>{r.number_accounts}</td><td>{r.number_domains}</td></tr>)}</tbody>
            </table>
          )}
          {d.urls.length > 0 && (
            <table className={table.table} aria-label="Links">
              <thead><tr><th>URL</th><th>Posts</th><th>With insights</th></tr></thead>
              <tbody>{d.urls.map((u) => <tr key={u.url}><td>{u.url}</td><td>{u.value.toLocaleString()}</td><td>{u.posts_with_insights.toLocaleString()}</td></tr>)}</tbody>
            </table>
          )}
          <RegistrationTables details={d} />
        </>
      )}
      <div className={styles.bar}>
        <Button size="small" appearance="primary" onClick={() => filterToDomain(services.get(filtersKey), d?.source ?? payload.domain)}>Filter to this domain</Button>
        <Button size="small" disabled={lookup.busy} onClick={() => void runLookup()}>{lookup.busy ? 'Looking up…' : 'Look up registration'}</Button>
        <Button size="small" onClick={() => void navigator.clipboard?.writeText(d?.source ?? payload.domain)}>Copy to clipboard</Button>
      </div>
      {lookup.message && <Text role={lookup.ok ? 'status' : 'alert'}>{lookup.message}</Text>}
    </DraggablePopup>
  );
}
