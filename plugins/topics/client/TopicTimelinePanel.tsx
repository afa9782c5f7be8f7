import { Suspense, lazy } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChartData } from '@core/client/a11y/ChartData';
import type { PanelProps } from '@core/client/plugin/contract';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { useConversationTopics } from './api';
import { topicTimeline } from './timeline';

export interface TimelineConfig { topics: number }

// Plotly is large: it loads with the chart, never with the plugin.
const TimelineChart = lazy(() => import('./TimelineChart'));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%', padding: tokens.spacingHorizontalS, gap: tokens.spacingVerticalS },
  chart: { flexGrow: 1, minHeight: '200px' },
});

/** Volume per topic over time (posts per day) for the largest topics of the filtered posts. */
export default function TopicTimelinePanel({ conversationId, filters, config }: PanelProps<TimelineConfig>) {
  const styles = useStyles();
  const topics = useConversationTopics(conversationId, filters);
  if (!conversationId) return <Text>Open a conversation to see its topics over time.</Text>;
  if (topics.isLoading) return <Text>Loading topics…</Text>;
  if (topics.isError) return <Text role="alert">{(topics.error as Error).message}</Text>;
  const series = topicTimeline(topics.data?.topics ?? [], config.topics);
  if (series.length === 0) return <Text>{SHARED_MESSAGES.noRelevantData}</Text>;
  return (
    <div className={styles.root}>
      <div className={styles.chart}>
        <Suspense fallback={<Text>Loading chart…</Text>}><TimelineChart series={series} /></Suspense>
      </div>
      <ChartData
        caption="Posts per topic"
        columns={['Topic', 'Posts', 'Busiest day']}
        numericColumns={[1]}
        rows={series.map((s) => {
          const peak = s.counts.indexOf(Math.max(...s.counts));
          return { key: s.rid, cells: [s.name, s.counts.reduce((a, b) => a + b, 0), s.days[peak]] };
        })}
      />
    </div>
  );
}
