import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { DraggablePopup } from '@core/client/popup/DraggablePopup';
import type { ApiNarrative, ApiTopic, NarrativeEntity } from '../shared/api';
import { NO_KEYPHRASES } from '../shared/types';
import { ENTITY_TYPE_LABELS, percent, posts, riskLabel } from './format';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyle: 'none', padding: 0, margin: 0 },
  chip: { padding: `0 ${tokens.spacingHorizontalS}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  count: { color: tokens.colorNeutralForeground3 },
  groups: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS, margin: 0 },
  groupName: { fontWeight: tokens.fontWeightSemibold },
  groupValues: { margin: 0 },
});

export function Chips({ words, label }: { words: readonly string[]; label: string }) {
  const styles = useStyles();
  return (
    <ul className={styles.chips} aria-label={label}>
      {words.map((w) => <li key={w} className={styles.chip}><Text>{w}</Text></li>)}
    </ul>
  );
}

/** Top entities grouped by type ("People", "Organisations" ...), each with the number of posts naming it. Text only. */
function EntityGroups({ entities }: { entities: readonly NarrativeEntity[] }) {
  const styles = useStyles();
  if (entities.length === 0) return <Text size={200}>No entities found</Text>;
  const types = (Object.keys(ENTITY_TYPE_LABELS) as Array<NarrativeEntity['entity_type']>).filter((t) => entities.some((e) => e.entity_type === t));
  return (
    <dl className={styles.groups} aria-label="Cluster entities">
      {types.map((type) => (
        <div key={type} style={{ display: 'contents' }}>
          <dt className={styles.groupName}><Text size={200} weight="semibold">{ENTITY_TYPE_LABELS[type]}</Text></dt>
          <dd className={styles.groupValues}>
            <ul className={styles.chips} aria-label={ENTITY_TYPE_LABELS[type]}>
              {entities.filter((e) => e.entity_type === type).map((e) => (
                <li key={e.entity_name} className={styles.chip} title={`In ${posts(e.post_count)}`}>
                  <Text>{e.entity_name}</Text> <Text size={200} className={styles.count}>({e.post_count.toLocaleString('en-US')})</Text>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The narrative's size. Unfiltered, one share (of the conversation). Under a filter, both: of the posts the filters
 * select (what the list and its bar show) and of the whole conversation (what the engine's description quotes).
 */
function Shares({ narrative, filtered, conversationTotal }: { narrative: ApiNarrative; filtered: boolean; conversationTotal: number }) {
  const whole = `${percent(narrative.conversation_post_percent)} of the conversation`;
  if (!filtered) return <Text>{posts(narrative.conversation_post_count)} ({whole})</Text>;
  return (
    <>
      <Text>{posts(narrative.post_count)} ({percent(narrative.post_percent)} of the filtered posts)</Text>
      <Text>{whole}: {narrative.conversation_post_count.toLocaleString('en-US')} of {posts(conversationTotal)}</Text>
    </>
  );
}

/**
 * The narrative popup (spec part 2 section 2: "Narrative popup: Cluster Title, Cluster Keywords and Entities"): a
 * draggable, non-modal profile popup. Every string in it comes from posts or the engine and is shown as text.
 */
export function NarrativePopup({ narrative, topic, filtered, conversationTotal, onClose }: {
  narrative: ApiNarrative; topic: ApiTopic | undefined; filtered: boolean; conversationTotal: number; onClose: () => void;
}) {
  const styles = useStyles();
  const keywords = [...new Set([...narrative.ngrams, ...(topic?.keywords ?? [])])];
  return (
    <DraggablePopup title="Narrative" testId="narrative-popup" onClose={onClose}>
      <section className={styles.section}>
        <Text weight="semibold">Cluster Title</Text>
        <Text>{narrative.title}</Text>
        <Text size={200}>{narrative.description}</Text>
      </section>
      <section className={styles.section}>
        <Text weight="semibold">Cluster Keywords and Entities</Text>
        {keywords.length ? <Chips words={keywords} label="Cluster keywords" /> : <Text>{NO_KEYPHRASES}</Text>}
        <EntityGroups entities={narrative.entities} />
      </section>
      <section className={styles.section} aria-label="Size and risk">
        <Shares narrative={narrative} filtered={filtered} conversationTotal={conversationTotal} />
        <Text>Risk: {riskLabel(narrative.risk_level)}{narrative.is_threat ? ' · Threat' : ''}</Text>
        <Text size={200}>{narrative.risk.explanation}</Text>
      </section>
    </DraggablePopup>
  );
}
