import { useQuery } from '@tanstack/react-query';
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { PanelProps } from '@core/client/plugin/contract';
import { EVIDENCE_GROUPS, type ClusterPreview } from '../shared/types';
import { MESSAGES } from '../shared/api';
import { useSelectionService, useSelectionSnapshot } from '@core/client/selection/hooks';
import { clustersQuery } from './api';
import { selectedClusterId, showCluster } from './actions';

const useStyles = makeStyles({
  root: { position: 'relative', height: '100%', overflow: 'auto', padding: tokens.spacingHorizontalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalS, cursor: 'pointer',
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, textAlign: 'left', backgroundColor: 'transparent', width: '100%',
    // A native button keeps the browser's button text colour (black) unless told: unreadable on the dark theme.
    color: tokens.colorNeutralForeground1, font: 'inherit',
  },
  selected: { boxShadow: `inset 0 0 0 2px ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  groups: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/** Percentages have no decimals; compact numbers at most 3 significant digits (spec section 9). */
const percent = (x: number) => `${Math.round(x * 100)}%`;
const compact = (x: number) => new Intl.NumberFormat('en', { notation: 'compact', maximumSignificantDigits: 3 }).format(x);

/** The evidence groups a cluster shows, in the spec's order, each with the types found. */
export function evidenceGroups(preview: ClusterPreview): Array<{ group: string; types: string[] }> {
  return EVIDENCE_GROUPS.map((group) => ({ group, types: preview.evidences.filter((e) => e.group === group).map((e) => e.type) }))
    .filter((g) => g.types.length > 0);
}

/** The conversation's coordination clusters with their previews; a click selects one and opens its popup. */
export default function ClustersPanel({ conversationId, filters }: PanelProps<Record<string, never>>) {
  const styles = useStyles();
  const selection = useSelectionService();
  // A selected account highlights its cluster too.
  const clusterId = selectedClusterId(useSelectionSnapshot().selection);
  const q = useQuery({ ...clustersQuery(conversationId ?? '', filters), enabled: !!conversationId });
  if (!conversationId) return <Text>Open a conversation to see its coordination clusters.</Text>;
  const clusters = q.data?.clusters ?? [];
  return (
    <div className={styles.root}>
      {q.isLoading && <Text>Loading clusters…</Text>}
      {q.isError && <Text role="alert">{MESSAGES.clusterLoadError}</Text>}
      {q.isSuccess && clusters.length === 0 && <Text>{MESSAGES.noCoordination}</Text>}
      <ul className={styles.list} aria-label="Coordination clusters">
        {clusters.map((c) => (
          <li key={c.cluster_id}>
            <button
              type="button"
              className={`${styles.item} ${c.cluster_id === clusterId ? styles.selected : ''}`}
              aria-pressed={c.cluster_id === clusterId}
              onClick={() => showCluster(selection, c.cluster_id)}
            >
              <Text weight="semibold">Cluster {c.cluster_id}{c.platform ? ` · ${c.platform}` : ''}</Text>
              <Text size={200}>
                {compact(c.preview.number_accounts)} accounts ({percent(c.preview.percent_accounts)}) · {compact(c.preview.number_posts)} posts
                {c.preview.engagement_score !== null ? ` · engagement ${c.preview.engagement_score.toFixed(2)}` : ''}
              </Text>
              <span className={styles.groups}>
                {evidenceGroups(c.preview).map((g) => <Badge key={g.group} appearance="tint" title={g.types.join(', ')}>{g.group}</Badge>)}
              </span>
              {c.preview.cluster_insights.map((s, k) => <Text key={k} size={200}>{s}</Text>)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
