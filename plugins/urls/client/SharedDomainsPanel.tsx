import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useWorkbench } from '@core/client/app/hostContext';
import type { PanelProps } from '@core/client/plugin/contract';
import { domainKind } from '@core/client/selection/kinds';
import { filtersKey, selectionKey } from '@core/client/services/keys';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { sharedDomainsQuery } from './api';
import { DOMAIN_COLUMNS, domainsCsv, sortDomains, type DomainColumnKey } from './domainsTable';
import { filterToDomain } from './filterToDomain';
import { downloadCsv } from './table';

const useStyles = makeStyles({
  root: { height: '100%', overflow: 'auto', padding: tokens.spacingHorizontalS, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  table: { borderCollapse: 'collapse', width: '100%', '& th, & td': { textAlign: 'left', padding: '2px 6px', wordBreak: 'break-word' } },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)' },
  fresh: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/**
 * Shared domains (spec part 2 section 3): the conversation's domains under the workspace filters, sortable by any
 * column, a domain click filters the workspace to it (the `domains` dimension), CSV export of what is shown.
 * Domains registered at most 90 days before their first share are marked. Details opens the domain popup (registration,
 * its history, the timeline) and selects the domain, so the URLs palette commands act on it.
 */
export default function SharedDomainsPanel({ conversationId, filters }: PanelProps<Record<string, never>>) {
  const styles = useStyles();
  const { services } = useWorkbench();
  const [sort, setSort] = useState<{ key: DomainColumnKey; direction: 'asc' | 'desc' }>({ key: 'value', direction: 'desc' });
  const [excludeTwitter, setExcludeTwitter] = useState(false);
  const q = useQuery({ ...sharedDomainsQuery(conversationId ?? '', filters, excludeTwitter), enabled: !!conversationId });
  if (!conversationId) return <Text>Open a conversation to see its shared domains.</Text>;
  const rows = sortDomains(q.data ?? [], sort.key, sort.direction);
  const toggle = (key: DomainColumnKey) => setSort((s) => ({ key, direction: s.key === key && s.direction === 'desc' ? 'asc' : 'desc' }));
  const filterTo = (domain: string) => filterToDomain(services.get(filtersKey), domain);
  const open = (domain: string) => {
    const selection = services.get(selectionKey);
    selection.select(domainKind, { domain });
    selection.openPopup(domainKind, { domain });
  };
  const exportCsv = () => downloadCsv(domainsCsv(rows), 'shared-domains.csv');
  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        <Checkbox label="Exclude X" checked={excludeTwitter} onChange={(_, d) => setExcludeTwitter(d.checked === true)} />
        <Button size="small" disabled={rows.length === 0} onClick={exportCsv}>Export CSV</Button>
      </div>
      {q.isLoading && <Text>Loading shared domains…</Text>}
      {q.isError && <Text role="alert">The shared domains could not be loaded.</Text>}
      {q.isSuccess && rows.length === 0 && <Text>{SHARED_MESSAGES.noAvailableData}</Text>}
      {rows.length > 0 && (
        <table className={styles.table} aria-label="Shared domains">
          <thead>
            <tr>
              {DOMAIN_COLUMNS.map((c) => (
                <th key={c.key} aria-sort={sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                  <Button size="small" appearance="transparent" onClick={() => toggle(c.key)}>{c.label}</Button>
                </th>
              ))}
              <th><span className={styles.hidden}>Details</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.domain}>
                {DOMAIN_COLUMNS.map((c) => (
                  <td key={c.key} className={c.key === 'registered' && d.signals.new_domain ? styles.fresh : undefined}>
                    {c.key === 'domain'
                      ? <Button size="small" appearance="transparent" title={`Filter to ${d.domain}`} onClick={() => filterTo(d.domain)}>{d.domain}</Button>
                      : c.text(d)}
                  </td>
                ))}
                <td><Button size="small" aria-label={`Details of ${d.domain}`} onClick={() => open(d.domain)}>Details</Button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
