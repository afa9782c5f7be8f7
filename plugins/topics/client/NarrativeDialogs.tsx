import { useState } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import type { ApiNarrative, ApiTopic } from '../shared/api';
import { percent, posts, riskLabel } from './format';
import type { NarrativePick } from './narrativeUi';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalM },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  chip: { padding: `0 ${tokens.spacingHorizontalS}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  columns: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalL },
  options: { display: 'flex', flexDirection: 'column' },
});

function Chips({ words, label }: { words: readonly string[]; label: string }) {
  const styles = useStyles();
  return (
    <ul className={styles.chips} aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {words.map((w) => <li key={w} className={styles.chip}><Text>{w}</Text></li>)}
    </ul>
  );
}

/** The narrative popup (spec part 2 section 2): Cluster Title, Cluster Keywords and Entities. Text only. */
export function NarrativePopup({ narrative, topic, onClose }: { narrative: ApiNarrative; topic: ApiTopic | undefined; onClose: () => void }) {
  const styles = useStyles();
  const keywords = [...new Set([...narrative.ngrams, ...(topic?.keywords ?? [])])];
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface aria-label="Narrative">
        <DialogBody>
          <DialogTitle>Narrative</DialogTitle>
          <DialogContent>
            <section className={styles.section}>
              <Text weight="semibold">Cluster Title</Text>
              <Text>{narrative.title}</Text>
              <Text size={200}>{narrative.description}</Text>
            </section>
            <section className={styles.section}>
              <Text weight="semibold">Cluster Keywords and Entities</Text>
              {keywords.length ? <Chips words={keywords} label="Cluster keywords" /> : <Text>No keyphrases found</Text>}
            </section>
            <section className={styles.section}>
              <Text>{posts(narrative.post_count)} ({percent(narrative.post_percent)}) · Risk: {riskLabel(narrative.risk_level)}{narrative.is_threat ? ' · Threat' : ''}</Text>
              <Text size={200}>{narrative.risk.explanation}</Text>
            </section>
          </DialogContent>
          <DialogActions><Button onClick={onClose}>Close</Button></DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Two narratives side by side, with the keyphrases they share. */
export function CompareDialog({ pair, onClose }: { pair: [ApiNarrative, ApiNarrative]; onClose: () => void }) {
  const styles = useStyles();
  const shared = pair[0].ngrams.filter((g) => pair[1].ngrams.includes(g));
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface aria-label="Compare narratives">
        <DialogBody>
          <DialogTitle>Compare narratives</DialogTitle>
          <DialogContent>
            <div className={styles.columns}>
              {pair.map((n) => (
                <section key={n.id} className={styles.section} aria-label={n.title}>
                  <Text weight="semibold">{n.title}</Text>
                  <Text>Posts: {n.post_count.toLocaleString('en-US')} ({percent(n.post_percent)})</Text>
                  <Text>Risk: {riskLabel(n.risk_level)}</Text>
                  <Text>High engagement: {percent(n.engagement_score)}</Text>
                  <Text>Coordination clusters: {n.coordination_cluster_count}</Text>
                  <Chips words={n.ngrams} label={`Keyphrases of ${n.title}`} />
                </section>
              ))}
            </div>
            <Text>Shared keyphrases: {shared.length ? shared.join(', ') : 'none'}</Text>
          </DialogContent>
          <DialogActions><Button onClick={onClose}>Close</Button></DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

const PICK_TITLES: Record<NarrativePick, string> = { open: 'Open narrative', filter: 'Filter to narrative', compare: 'Compare two narratives' };

/** The pick a palette command asked for: one narrative (open, filter) or two (compare). */
export function NarrativePicker({ pick, narratives, onPick, onClose }: {
  pick: NarrativePick; narratives: readonly ApiNarrative[]; onPick: (ids: string[]) => void; onClose: () => void;
}) {
  const styles = useStyles();
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? [...c, id].slice(-2) : c.filter((x) => x !== id)));
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface aria-label={PICK_TITLES[pick]}>
        <DialogBody>
          <DialogTitle>{PICK_TITLES[pick]}</DialogTitle>
          <DialogContent>
            {narratives.length === 0 && <Text>No narratives yet.</Text>}
            <div className={styles.options}>
              {pick === 'compare'
                ? narratives.map((n) => (
                  <Checkbox key={n.id} label={n.title} checked={chosen.includes(n.id)} onChange={(_, d) => toggle(n.id, !!d.checked)} />
                ))
                : narratives.map((n) => (
                  <Button key={n.id} appearance="subtle" onClick={() => onPick([n.id])}>{n.title}</Button>
                ))}
            </div>
          </DialogContent>
          <DialogActions>
            {pick === 'compare' && <Button appearance="primary" disabled={chosen.length !== 2} onClick={() => onPick(chosen)}>Compare</Button>}
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
