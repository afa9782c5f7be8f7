import { useState } from 'react';
import { Button, Dropdown, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useWorkbench } from '@core/client/app/hostContext';
import { usePanelCommand } from '@core/client/commands/usePanelCommand';
import type { PanelProps } from '@core/client/plugin/contract';
import { useSelectionService } from '@core/client/selection/hooks';
import { narrativeKind } from '@core/client/selection/kinds';
import type { ApiNarrative } from '../shared/api';
import { filterToNarrative } from './actions';
import { useConversationTopics } from './api';
import { compareNarrativesCommand, filterNarrativeCommand, openNarrativeCommand } from './commands';
import { NARRATIVE_SORTS, SORT_LABELS, percent, posts, riskLabel, sortNarratives, type NarrativeSort } from './format';
import { comparisonKind } from './kinds';
import { NarrativePicker, type NarrativePick } from './NarrativeDialogs';

export interface NarrativesConfig { sortBy: NarrativeSort }

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM, overflow: 'auto', height: '100%' },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  // A narrow pane squeezed "Sort by" and the total onto two lines each.
  nowrap: { whiteSpace: 'nowrap' },
  sort: { minWidth: '110px', flexGrow: 1 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, padding: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { flexGrow: 1, textAlign: 'left', justifyContent: 'flex-start' },
  bar: { height: '6px', backgroundColor: tokens.colorNeutralBackground4, borderRadius: tokens.borderRadiusSmall },
  fill: { height: '100%', backgroundColor: tokens.colorBrandBackground, borderRadius: tokens.borderRadiusSmall },
  threat: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

function NarrativeItem({ n, onFilter, onDetails }: { n: ApiNarrative; onFilter: (id: string) => void; onDetails: (id: string) => void }) {
  const styles = useStyles();
  return (
    <li className={styles.item} data-testid="narrative-item">
      <div className={styles.head}>
        <Button appearance="transparent" className={styles.title} onClick={() => onFilter(n.id)} title="Filter the workspace to this narrative">
          {n.title}
        </Button>
        {n.is_threat && <Text className={styles.threat}>Threat</Text>}
        <Text size={200} className={styles.nowrap}>Risk: {riskLabel(n.risk_level)}</Text>
        <Button size="small" onClick={() => onDetails(n.id)} aria-label={`Details of ${n.title}`}>Details</Button>
      </div>
      <Text size={200}>{n.ngrams.slice(0, 6).join(' · ')}</Text>
      <div className={styles.head}>
        <div className={styles.bar} style={{ flexGrow: 1 }} role="meter" aria-label={`Share of posts: ${percent(n.post_percent)}`}
          aria-valuenow={Math.round(n.post_percent * 100)} aria-valuemin={0} aria-valuemax={100}>
          <div className={styles.fill} style={{ width: percent(n.post_percent) }} />
        </div>
        <Text size={200}>{posts(n.post_count)} · {percent(n.post_percent)} · engagement {percent(n.engagement_score)}</Text>
      </div>
    </li>
  );
}

/** Narratives of the conversation's latest run, sorted by size, risk or engagement; a click filters the workspace. */
export default function NarrativesPanel({ paneId, conversationId, filters, config, setConfig }: PanelProps<NarrativesConfig>) {
  const styles = useStyles();
  const { services } = useWorkbench();
  const selection = useSelectionService();
  // A palette command without arguments asks this pane to let the user pick (one pane gets each request).
  const [pick, setPick] = useState<NarrativePick | null>(null);
  usePanelCommand(openNarrativeCommand, paneId, () => setPick('open'));
  usePanelCommand(filterNarrativeCommand, paneId, () => setPick('filter'));
  usePanelCommand(compareNarrativesCommand, paneId, () => setPick('compare'));
  const topics = useConversationTopics(conversationId, filters);
  if (!conversationId) return <Text>Open a conversation to see its narratives.</Text>;
  const data = topics.data;
  const narratives = sortNarratives(data?.narratives ?? [], config.sortBy);
  const onFilter = (id: string) => filterToNarrative(services, id);
  const onDetails = (narrativeId: string) => selection.openPopup(narrativeKind, { narrativeId });
  const onPick = (ids: string[]) => {
    setPick(null);
    if (pick === 'open') onDetails(ids[0]!);
    else if (pick === 'filter') onFilter(ids[0]!);
    else selection.openPopup(comparisonKind, { ids: [ids[0]!, ids[1]!] });
  };
  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Text id="narratives-sort" className={styles.nowrap}>Sort by</Text>
        <Dropdown aria-labelledby="narratives-sort" className={styles.sort} value={SORT_LABELS[config.sortBy]} selectedOptions={[config.sortBy]}
          onOptionSelect={(_, d) => setConfig({ ...config, sortBy: d.optionValue as NarrativeSort })}>
          {NARRATIVE_SORTS.map((s) => <Option key={s} value={s}>{SORT_LABELS[s]}</Option>)}
        </Dropdown>
        {data && <Text size={200} className={styles.nowrap}>{posts(data.total_posts)}</Text>}
      </div>
      {topics.isLoading && <Text>Loading narratives…</Text>}
      {topics.isError && <Text role="alert">{(topics.error as Error).message}</Text>}
      {data?.topics_status && data.topics_status.status_code >= 300 && <Text role="status">{data.topics_status.message}</Text>}
      {data && narratives.length === 0 && <Text>No narratives found.</Text>}
      <ul className={styles.list} aria-label="Narratives">
        {narratives.map((n) => <NarrativeItem key={n.id} n={n} onFilter={onFilter} onDetails={onDetails} />)}
      </ul>
      {pick && data && <NarrativePicker pick={pick} narratives={narratives} onClose={() => setPick(null)} onPick={onPick} />}
    </div>
  );
}
