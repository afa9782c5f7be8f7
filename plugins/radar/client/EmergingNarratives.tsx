import { Card, CardHeader, Subtitle1, Subtitle2, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useEmergingNarratives, useTopicTitles } from './api';
import { BurstEvidence } from './BurstEvidence';
import { compact } from './format';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  grid: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  card: { width: '340px' },
});

/**
 * The Risk Radar tab's emerging narratives: the conversation's narratives whose share bursts now, each a card with
 * its title (the topics call), the rates and the burst's first posts. Nothing while none is emerging.
 */
export function EmergingNarratives({ conversationId }: { conversationId: string }) {
  const styles = useStyles();
  const emerging = useEmergingNarratives(conversationId);
  const narratives = emerging.data?.narratives ?? [];
  const titles = useTopicTitles(conversationId, narratives.length > 0);
  if (narratives.length === 0) return null;
  return (
    <section className={styles.root} data-testid="radar-emerging-narratives" aria-label="Emerging narratives">
      <Subtitle1 as="h3">Emerging narratives</Subtitle1>
      <div className={styles.grid}>
        {narratives.map((n) => (
          <Card key={n.topic} className={styles.card} data-testid={`radar-narrative-${n.topic}`}>
            <CardHeader header={<Subtitle2 as="h4">{titles.data?.get(n.topic) ?? n.topic}</Subtitle2>} description={<Caption1>{compact(n.posts)} posts in 30 days</Caption1>} />
            <BurstEvidence emerging={n.emerging} conversationId={conversationId} />
          </Card>
        ))}
      </div>
    </section>
  );
}
