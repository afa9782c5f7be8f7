import { Button, Spinner, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import type { PanelProps } from '@core/client/plugin/contract';
import { useSelectionService } from '@core/client/selection/hooks';
import { postKind } from '@core/client/selection/kinds';
import { NOTABLE_POST_TYPES, type NotablePostType } from '../../shared/explorerApi';
import { useNotablePosts } from '../api';
import { ClampedText } from '../ClampedText';
import { PlatformBadge } from '../PlatformBadge';
import { facetText, formatPublished } from '../format';

export interface NotablePostsConfig { type: NotablePostType }

export const NOTABLE_LABELS: Record<NotablePostType, string> = {
  engagement: 'Most engaged',
  threats_of_violence: 'Threats of violence',
  recent: 'Most recent',
};

/** The top 10 posts of a kind (insights/notable_posts) under the workspace filters; each opens in the post popup. */
export default function NotablePostsPanel({ conversationId, filters, config, setConfig }: PanelProps<NotablePostsConfig>) {
  const selection = useSelectionService();
  const notable = useNotablePosts(conversationId, filters, config.type);
  return (
    <div style={{ height: '100%', overflow: 'auto', padding: 8, display: 'grid', alignContent: 'start', gap: 8 }}>
      <TabList size="small" selectedValue={config.type} onTabSelect={(_, d) => setConfig({ type: d.value as NotablePostType })} aria-label="Notable posts by">
        {NOTABLE_POST_TYPES.map((t) => <Tab key={t} value={t}>{NOTABLE_LABELS[t]}</Tab>)}
      </TabList>
      {notable.isLoading && <Spinner size="small" label="Loading notable posts" />}
      {notable.isError && <Text>{(notable.error as Error).message}</Text>}
      {notable.data && notable.data.length === 0 && <Text>No posts match the filters.</Text>}
      <ol aria-label={`Notable posts: ${NOTABLE_LABELS[config.type]}`} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {(notable.data ?? []).map((n) => (
          <li key={`${n.rank}:${n.post.id}`} style={{ border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: 6, padding: 8, display: 'grid', gap: 4 }}>
            <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <Text weight="semibold">#{n.rank}</Text>
              <PlatformBadge platform={n.post.class} />
              <Text style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{n.post.display_name ?? n.post.screen_name ?? ''}</Text>
              {n.score !== null && <Text size={200}>score {facetText(n.score)}</Text>}
            </div>
            <ClampedText text={n.post.body} lines={4} />
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Text size={200}>{formatPublished(n.post.published_at)}</Text>
              <span style={{ flex: 1 }} />
              <Button size="small" onClick={() => selection.openPopup(postKind, { postId: String(n.post.id) })} aria-label={`Open post ${n.post.id}`}>Open post</Button>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
