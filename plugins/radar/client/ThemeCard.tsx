import { lazy, Suspense } from 'react';
import { Body1, Button, Caption1, Card, CardHeader, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ChartData } from '@core/client/a11y/ChartData';
import { SHARED_MESSAGES } from '@core/shared/messages';
import type { Assessment, DateRange } from '../shared/api';
import { compact, percent, pointLabel } from './format';
import { BurstEvidence } from './BurstEvidence';
import { KeyPost } from './KeyPost';

const VolumeChart = lazy(() => import('./VolumeChart'));

const useStyles = makeStyles({
  card: { width: '340px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Spec part 2 section 9: a theme summary clamps at 4 lines.
  summary: { display: '-webkit-box', WebkitLineClamp: '4', WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  empty: { minHeight: '140px', display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', textAlign: 'center' },
});

/** One theme's card: volume, summary, volume trend and key post, each with the spec's fallback text. */
export function ThemeCard({ assessment, range, onOpen }: { assessment: Assessment; range: DateRange; onOpen?: (theme: string) => void }) {
  const styles = useStyles();
  const hasVolume = assessment.volume_history.some((p) => p.volume > 0);
  return (
    <Card className={styles.card} data-testid={`radar-card-${assessment.theme_name}`} aria-label={assessment.label}>
      <CardHeader
        header={<Subtitle2 as="h3">{assessment.label}</Subtitle2>}
        description={<Caption1>{compact(assessment.volume_raw_date_range)} posts · {percent(assessment.volume_percentage)} of the last 24 hours</Caption1>}
        action={onOpen ? <Button size="small" appearance="subtle" onClick={() => onOpen(assessment.theme_name)}>Open in explorer</Button> : undefined}
      />
      {assessment.emerging ? <BurstEvidence emerging={assessment.emerging} conversationId={assessment.conversation_id} /> : null}
      <Body1 className={styles.summary}>{assessment.theme_summary ?? 'No summary available.'}</Body1>
      {hasVolume ? (
        <>
          <Suspense fallback={<Spinner size="tiny" />}><VolumeChart history={assessment.volume_history} range={range} /></Suspense>
          <ChartData caption={`${assessment.label}: posts over time`} columns={['Time', 'Posts']} numericColumns={[1]}
            rows={assessment.volume_history.map((p) => ({ key: p.date, cells: [pointLabel(p.date, range), p.volume.toLocaleString('en-US')] }))} />
        </>
      ) : (
        <div className={styles.empty}>
          <Subtitle2>{SHARED_MESSAGES.noRelevantData}</Subtitle2>
          <Caption1>There are no significant narratives around this topic</Caption1>
        </div>
      )}
      <KeyPost post={assessment.representative_posts[0]} />
    </Card>
  );
}
