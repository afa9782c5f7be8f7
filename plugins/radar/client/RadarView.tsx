import { Body1, Button, MessageBar, MessageBarBody, Spinner, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { VISUALLY_HIDDEN } from '@core/client/a11y/visuallyHidden';
import type { DateRange } from '../shared/api';
import { useAssessments } from './api';
import { dateRangeText } from './format';
import { EmergingNarratives } from './EmergingNarratives';
import { MonitoredConversations } from './MonitoredConversations';
import { RangeDropdown } from './RangeDropdown';
import { ThemeBar } from './ThemeBar';
import { ThemeCard } from './ThemeCard';

const useStyles = makeStyles({
  root: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, overflow: 'auto', height: '100%', boxSizing: 'border-box' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  grid: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * Topic Radar: the range dropdown, the bar of every theme against the whole conversation and a card per theme in the
 * spec's order. `conversationId` null is the organisation's home view, which also links the NRMS and scaled conversations.
 */
export function RadarView({ conversationId, range, onRange, onOpenTheme, title, onChooseThemes }: {
  conversationId: string | null; range: DateRange; onRange: (range: DateRange) => void; onOpenTheme?: (theme: string) => void; title?: string;
  /** Shown to those who may change the organisation's themes (the home view). */
  onChooseThemes?: () => void;
}) {
  const styles = useStyles();
  const query = useAssessments(conversationId, range);
  const data = query.data;
  const anyTheme = !!data && data.themes.some((a) => a.volume_raw_date_range > 0);
  return (
    <section className={styles.root} data-testid="topic-radar">
      <div className={styles.head}>
        {title ? <Title3 as="h2">{title}</Title3> : <h2 style={VISUALLY_HIDDEN}>Risk Radar</h2>}
        <div className={styles.actions}>
          {onChooseThemes ? <Button appearance="subtle" onClick={onChooseThemes}>Choose themes</Button> : null}
          <RangeDropdown value={range} dates={dateRangeText(data?.start ?? null, data?.end ?? null)} onChange={onRange} />
        </div>
      </div>
      {conversationId === null ? <MonitoredConversations range={range} /> : <EmergingNarratives conversationId={conversationId} />}
      {query.isPending ? <Spinner label="Loading…" />
        : query.isError ? <MessageBar intent="error"><MessageBarBody>{(query.error as Error).message}</MessageBarBody></MessageBar>
          : !data || !anyTheme ? <Body1 data-testid="radar-no-themes">No Narrative Activity Themes Found</Body1>
            : (
              <>
                <ThemeBar data={data} />
                <div className={styles.grid}>
                  {data.themes.map((a) => <ThemeCard key={a.theme_name} assessment={a} range={range} onOpen={onOpenTheme} />)}
                </div>
              </>
            )}
    </section>
  );
}
