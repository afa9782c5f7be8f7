import { useState } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import type { ApiNarrative } from '../shared/api';
import { percent, riskLabel } from './format';
import { Chips } from './NarrativePopup';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalM },
  columns: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalL },
  options: { display: 'flex', flexDirection: 'column' },
});

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

/** What a palette command asked the narratives panel to let the user pick. */
export type NarrativePick = 'open' | 'filter' | 'compare';

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
