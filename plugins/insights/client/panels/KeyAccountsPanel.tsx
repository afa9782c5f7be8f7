import { useQuery } from '@tanstack/react-query';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { PanelProps } from '@core/client/plugin/contract';
import { PlatformBadge } from '@core/client/platforms/PlatformBadge';
import { useSelectionService } from '@core/client/selection/hooks';
import { accountKind } from '@core/client/selection/kinds';
import { keyAccountsQuery } from '../api';

const useStyles = makeStyles({
  root: { height: '100%', overflow: 'auto', padding: tokens.spacingHorizontalS, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  table: { borderCollapse: 'collapse', width: '100%', '& th, & td': { textAlign: 'left', padding: '2px 6px', wordBreak: 'break-word' } },
  number: { textAlign: 'right' },
});

/**
 * Notable accounts (spec "Key insights"): the conversation's accounts with approved insights under the workspace
 * filters, most posts first (GET /api/v2/insights/key_accounts). An account selects it and opens its user popup.
 */
export default function KeyAccountsPanel({ conversationId, filters }: PanelProps<Record<string, never>>) {
  const styles = useStyles();
  const selection = useSelectionService();
  const q = useQuery({ ...keyAccountsQuery(conversationId ?? '', filters), enabled: !!conversationId });
  if (!conversationId) return <Text>Open a conversation to see its notable accounts.</Text>;
  const rows = q.data ?? [];
  return (
    <div className={styles.root}>
      {q.isLoading && <Text>Loading notable accounts…</Text>}
      {q.isError && <Text role="alert">The notable accounts could not be loaded.</Text>}
      {q.isSuccess && rows.length === 0 && <Text>No accounts of this conversation have approved insights.</Text>}
      {rows.length > 0 && (
        <table className={styles.table} aria-label="Notable accounts">
          <thead><tr><th>Account</th><th>Platform</th><th className={styles.number}>Posts</th><th className={styles.number}>Insights</th></tr></thead>
          <tbody>
            {rows.map((a) => (
              <tr key={`${a.platform}:${a.rid}`}>
                <td>
                  <Button size="small" appearance="transparent" onClick={() => {
                    selection.select(accountKind, { rid: a.rid });
                    selection.openPopup(accountKind, { rid: a.rid, clusterId: null });
                  }}>
                    {a.screen_name ? `@${a.screen_name}` : a.display_name ?? a.rid}
                  </Button>
                  {a.display_name && a.screen_name && <Text size={200}> {a.display_name}</Text>}
                </td>
                <td><PlatformBadge platform={a.platform} /></td>
                <td className={styles.number}>{a.value.toLocaleString()}</td>
                <td className={styles.number}>{a.insights_count.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
