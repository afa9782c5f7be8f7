import { useQuery } from '@tanstack/react-query';
import { Body1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title3 } from '@fluentui/react-components';
import { ANALYTICS_USAGE_PATH, analyticsUsageSchema, type AnalyticsUsage } from '@core/shared/analytics/api';
import { apiGet } from '../../api/client';

export const USAGE_DAYS = 30;
const KIND: Record<AnalyticsUsage['usage'][number]['name'], string> = { page_view: 'Page', command_run: 'Command' };

/**
 * What the organisation used over the last 30 days (product analytics, off unless NARRASCOPE_ANALYTICS=on): the
 * system status page's last section, for the same permission (VIEW_SYSTEM_STATUS_DATA).
 */
export function ProductUsageSection() {
  const usage = useQuery({
    queryKey: ['core', 'analyticsUsage', USAGE_DAYS],
    queryFn: () => apiGet(ANALYTICS_USAGE_PATH, { query: { days: USAGE_DAYS }, schema: analyticsUsageSchema }),
    staleTime: 60_000,
  });
  const data = usage.data;
  return (
    <section aria-labelledby="usage-heading">
      <Title3 as="h2" id="usage-heading">{`Product usage (last ${USAGE_DAYS} days)`}</Title3>
      {usage.isError ? <Body1 role="alert">{usage.error.message}</Body1> : !data ? <Body1>Loading usage…</Body1>
        : !data.enabled && data.usage.length === 0 ? (
          <Body1>Product analytics is off: an operator turns it on with NARRASCOPE_ANALYTICS=on (docs/operations.md).</Body1>
        ) : (
          <>
            <Body1>{`${data.active_users.toLocaleString('en-US')} active ${data.active_users === 1 ? 'user' : 'users'}.`}</Body1>
            {data.usage.length === 0 ? <Body1>Nothing was used in this period.</Body1> : (
              <Table aria-label="Product usage" size="small">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>Kind</TableHeaderCell>
                    <TableHeaderCell>Page or command</TableHeaderCell>
                    <TableHeaderCell>Uses</TableHeaderCell>
                    <TableHeaderCell>Users</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.usage.map((u) => (
                    <TableRow key={`${u.name} ${u.subject}`}>
                      <TableCell>{KIND[u.name]}</TableCell>
                      <TableCell>{u.subject}</TableCell>
                      <TableCell>{u.events.toLocaleString('en-US')}</TableCell>
                      <TableCell>{u.users.toLocaleString('en-US')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
    </section>
  );
}
