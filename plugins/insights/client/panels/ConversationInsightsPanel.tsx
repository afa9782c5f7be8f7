import { useQuery } from '@tanstack/react-query';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { PanelProps } from '@core/client/plugin/contract';
import { PlatformBadge } from '@core/client/platforms/PlatformBadge';
import { useSelectionService } from '@core/client/selection/hooks';
import { accountKind } from '@core/client/selection/kinds';
import { conversationInsightsQuery } from '../api';
import { subjectOf } from '../describe';
import { TYPE_LABELS } from '../dialogs/InsightForm';
import { insightDialogKind } from '../kinds';
import { factsOf, shownInPopups } from '../popups/InsightsSection';
import { StatusBadge } from '../StatusBadge';

const useStyles = makeStyles({
  root: { height: '100%', overflow: 'auto', padding: tokens.spacingHorizontalS, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  table: { borderCollapse: 'collapse', width: '100%', '& th, & td': { textAlign: 'left', padding: '2px 6px', verticalAlign: 'top', wordBreak: 'break-word' } },
});

/**
 * "Insights in this conversation": the approved and pending insights on the accounts and domains of its posts
 * (GET /api/v2/conversations/{id}/insights). An account opens its user popup; Review opens the insight.
 */
export default function ConversationInsightsPanel({ conversationId }: PanelProps<Record<string, never>>) {
  const styles = useStyles();
  const selection = useSelectionService();
  const q = useQuery({ ...conversationInsightsQuery(conversationId ?? ''), enabled: !!conversationId });
  if (!conversationId) return <Text>Open a conversation to see its insights.</Text>;
  const insights = shownInPopups(q.data ?? []);
  return (
    <div className={styles.root}>
      {q.isLoading && <Text>Loading insights…</Text>}
      {q.isError && <Text role="alert">The insights could not be loaded.</Text>}
      {q.isSuccess && insights.length === 0 && <Text>No analyst insights on the accounts and domains of this conversation.</Text>}
      {insights.length > 0 && (
        <table className={styles.table} aria-label="Insights in this conversation">
          <thead><tr><th>Status</th><th>Type</th><th>Account or domain</th><th>Insight</th><th>Actions</th></tr></thead>
          <tbody>
            {insights.map((i) => (
              <tr key={i.id}>
                <td><StatusBadge status={i.status} /></td>
                <td>{TYPE_LABELS[i.analyzable_type]}</td>
                <td>
                  {i.analyzable_type === 'account' && i.platform && <PlatformBadge platform={i.platform} showLabel={false} />}{' '}
                  {i.analyzable_type === 'account' && i.analyzable_id ? (
                    <Button size="small" appearance="transparent" onClick={() => {
                      selection.select(accountKind, { rid: i.analyzable_id! });
                      selection.openPopup(accountKind, { rid: i.analyzable_id!, clusterId: null });
                    }}>{subjectOf(i)}</Button>
                  ) : subjectOf(i)}
                </td>
                <td>{factsOf(i)}</td>
                <td>
                  <Button size="small" aria-label={`Review insight on ${subjectOf(i)}`} onClick={() => selection.openPopup(insightDialogKind, { mode: 'review', insight: i })}>
                    Review
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
