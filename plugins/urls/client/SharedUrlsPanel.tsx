import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useWorkbench } from '@core/client/app/hostContext';
import type { PanelProps } from '@core/client/plugin/contract';
import { domainKind } from '@core/client/selection/kinds';
import { filtersKey, selectionKey } from '@core/client/services/keys';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { sharedUrlsQuery } from './api';
import { filterToDomain } from './filterToDomain';
import { downloadCsv } from './table';
import { URL_COLUMNS, sortUrls, urlsCsv, type UrlColumnKey } from './urlsTable';

const useStyles = makeStyles({
  root: { height: '100%', overflow: 'auto', padding: tokens.spacingHorizontalS, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  table: { borderCollapse: 'collapse', width: '100%', '& th, & td': { textAlign: 'left', padding: '2px 6px', wordBreak: 'break-all' } },
  link: { textAlign: 'left', fontWeight: tokens.fontWeightRegular },
});

/**
 * Shared URLs (spec part 2 section 3: url, value): the conversation's links under the workspace filters with their
 * accounts and first and last share, sortable by any column, CSV export of what is shown. A URL click narrows the
 * workspace to the posts linking its domain (the `domains` dimension: posts have no per-link filter) and selects the
 * domain, so the URLs palette commands (open domain, look up registration) act on it.
 */
export default function SharedUrlsPanel({ conversationId, filters }: PanelProps<Record<string, never>>) {
  const styles = useStyles();
  const { services } = useWorkbench();
  const [sort, setSort] = useState<{ key: UrlColumnKey; direction: 'asc' | 'desc' }>({ key: 'value', direction: 'desc' });
  const [excludeTwitter, setExcludeTwitter] = useState(false);
  const q = useQuery({ ...sharedUrlsQuery(conversationId ?? '', filters, excludeTwitter), enabled: !!conversationId });
  if (!conversationId) return <Text>Open a conversation to see its shared URLs.</Text>;
  const rows = sortUrls(q.data ?? [], sort.key, sort.direction);
  const toggle = (key: UrlColumnKey) => setSort((s) => ({ key, direction: s.key === key && s.direction === 'desc' ? 'asc' : 'desc' }));
  const filterTo = (domain: string) => {
    services.get(selectionKey).select(domainKind, { domain });
    filterToDomain(services.get(filtersKey), domain);
  };
  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        <Checkbox label="Exclude X" checked={excludeTwitter} onChange={(_, d) => setExcludeTwitter(d.checked === true)} />
        <Button size="small" disabled={rows.length === 0} onClick={() => downloadCsv(urlsCsv(rows), 'shared-urls.csv')}>Export CSV</Button>
      </div>
      {q.isLoading && <Text>Loading shared URLs…</Text>}
      {q.isError && <Text role="alert">The shared URLs could not be loaded.</Text>}
      {q.isSuccess && rows.length === 0 && <Text>{SHARED_MESSAGES.noAvailableData}</Text>}
      {rows.length > 0 && (
        <table className={styles.table} aria-label="Shared URLs">
          <thead>
            <tr>
              {URL_COLUMNS.map((c) => (
                <th key={c.key} aria-sort={sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                  <Button size="small" appearance="transparent" onClick={() => toggle(c.key)}>{c.label}</Button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.url}>
                {URL_COLUMNS.map((c) => (
                  <td key={c.key}>
                    {c.key === 'url' && u.domain
                      ? <Button size="small" appearance="transparent" className={styles.link} title={`Filter to ${u.domain}`} onClick={() => filterTo(u.domain!)}>{u.url}</Button>
                      : c.text(u)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
