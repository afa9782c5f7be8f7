import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PlatformBadge } from '@core/client/platforms/PlatformBadge';
import { usePanelCommand } from '@core/client/commands/usePanelCommand';
import type { Insight } from '../../shared/api';
import { allInsightsQuery, INSIGHTS_KEY } from '../api';
import { approveNextCommand, declineNextCommand } from '../commands';
import { shownTime, subjectOf, userName } from '../describe';
import { InsightDialog } from '../dialogs/InsightDialog';
import { TYPE_LABELS } from '../dialogs/InsightForm';
import { runReview } from '../reviewMachine';
import { StatusBadge } from '../StatusBadge';
import { useReviewer } from '../user';
import { nextAfterReview, queueGroups } from './order';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, height: '100%', overflow: 'auto', padding: tokens.spacingHorizontalS },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, outline: 'none' },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  row: {
    display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, cursor: 'pointer',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  focused: { backgroundColor: tokens.colorBrandBackground2 },
  meta: { color: tokens.colorNeutralForeground3 },
});

const KEYS_HINT = 'Arrow keys or J/K move, Enter opens the review; approve or decline the focused insight and go to the next with the Insights commands.';

function Row({ insight, focused, onFocus, onOpen, rowRef }: {
  insight: Insight; focused: boolean; onFocus: () => void; onOpen: () => void; rowRef: (el: HTMLDivElement | null) => void;
}) {
  const styles = useStyles();
  const p = insight.additional_properties;
  return (
    <div ref={rowRef} role="option" aria-selected={focused} tabIndex={focused ? 0 : -1} id={`insight-row-${insight.id}`}
      className={mergeClasses(styles.row, focused && styles.focused)} onFocus={onFocus} onClick={onOpen}>
      <StatusBadge status={insight.status} />
      <Text size={200}>{TYPE_LABELS[insight.analyzable_type]}</Text>
      {insight.analyzable_type === 'account' && insight.platform && <PlatformBadge platform={insight.platform} showLabel={false} />}
      <Text weight="semibold">{subjectOf(insight)}</Text>
      {p.subcategory.length > 0 && <Text size={200}>{p.subcategory.join(', ')}</Text>}
      <Text size={200} className={styles.meta}>edited by {userName(p.edited_by)}, {shownTime(p.edited_at)}</Text>
    </div>
  );
}

/**
 * The insight review queue (spec part 2 section 4): pending and archived groups, newest edit first, as one listbox
 * worked with the keyboard. The /myOrganization/insights page and the Insights tab's panel both show it; `paneId`
 * names it for the commands it carries out (approve or decline the focused insight and go to the next).
 */
export function ReviewQueue({ paneId }: { paneId: string }) {
  const styles = useStyles();
  const user = useReviewer();
  const queryClient = useQueryClient();
  const q = useQuery(allInsightsQuery());
  const groups = queueGroups(q.data ?? []);
  const rows = [...groups.pending, ...groups.archived];
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [reviewingId, setReviewingId] = useState<string | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const refs = useRef(new Map<string, HTMLDivElement>());
  // A request to move DOM focus to the focused row (a counter, so asking for the same row again still does).
  const [focusRequest, setFocusRequest] = useState(0);

  const focused = rows.find((r) => r.id === focusedId) ?? rows[0] ?? null;
  const reviewing = rows.find((r) => r.id === reviewingId) ?? null;

  // Focus follows the keyboard (and the review actions) to the row, so screen readers read it.
  const focusedRowId = focused?.id;
  const handledRequest = useRef(0);
  useEffect(() => {
    // Each request once: a refetch that reorders the rows later must not pull focus from another pane.
    if (focusRequest === handledRequest.current || !focusedRowId) return;
    handledRequest.current = focusRequest;
    refs.current.get(focusedRowId)?.focus();
  }, [focusRequest, focusedRowId]);

  const go = (id: string | null) => {
    setFocusedId(id);
    setFocusRequest((n) => n + 1);
  };

  const review = (type: 'APPROVE' | 'REJECT') => async () => {
    if (!focused || focused.status !== 'pending') return;
    const next = nextAfterReview(groups, focused.id);
    const outcome = await runReview(focused, user, { type });
    if (!outcome.ok) {
      setStatus({ text: outcome.message, error: true });
      return;
    }
    setStatus({ text: `${type === 'APPROVE' ? 'Approved' : 'Declined'} ${subjectOf(focused)}`, error: false });
    // The list answers the new status at once; the server's answer follows with the refetch.
    queryClient.setQueryData<Insight[]>(allInsightsQuery().queryKey, (old) => old?.map((i) => (i.id === outcome.insight.id ? outcome.insight : i)));
    void queryClient.invalidateQueries({ queryKey: INSIGHTS_KEY });
    go(next);
  };
  const canReview = focused?.status === 'pending' ? true : null;
  usePanelCommand(approveNextCommand, paneId, canReview && review('APPROVE'));
  usePanelCommand(declineNextCommand, paneId, canReview && review('REJECT'));
  usePanelCommand('insights.openQueue', paneId, () => go(focused?.id ?? null));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !rows.length) return;
    const k = focused ? rows.indexOf(focused) : 0;
    const to = { ArrowDown: k + 1, j: k + 1, ArrowUp: k - 1, k: k - 1, Home: 0, End: rows.length - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      go(rows[Math.max(0, Math.min(rows.length - 1, to))]!.id);
    } else if (e.key === 'Enter' && focused) {
      e.preventDefault();
      setReviewingId(focused.id);
    }
  };

  const group = (id: string, title: string, items: Insight[]) => (
    <div role="group" aria-labelledby={id} className={styles.group}>
      <Text id={id} role="presentation" weight="semibold">{title} ({items.length})</Text>
      {items.length === 0 && <Text size={200} role="presentation">None</Text>}
      {items.map((i) => (
        <Row key={i.id} insight={i} focused={i.id === focused?.id}
          rowRef={(el) => { if (el) refs.current.set(i.id, el); else refs.current.delete(i.id); }}
          onFocus={() => setFocusedId(i.id)} onOpen={() => { setFocusedId(i.id); setReviewingId(i.id); }} />
      ))}
    </div>
  );

  return (
    <div className={styles.root}>
      <Text size={200} id={`${paneId}-queue-keys`}>{KEYS_HINT}</Text>
      {q.isLoading && <Text>Loading insights…</Text>}
      {q.isError && <Text role="alert">The insights could not be loaded.</Text>}
      <div aria-live="polite" role={status?.error ? 'alert' : 'status'}>{status?.text}</div>
      {q.isSuccess && (
        <div role="listbox" aria-label="Insight review queue" aria-describedby={`${paneId}-queue-keys`} className={styles.list} onKeyDown={onKeyDown}>
          {group(`${paneId}-pending`, 'Pending', groups.pending)}
          {group(`${paneId}-archived`, 'Archived', groups.archived)}
        </div>
      )}
      {reviewing && (
        <InsightDialog target={{ mode: 'review', insight: reviewing }} onClose={() => {
          setReviewingId(null);
          go(reviewing.id);
        }} />
      )}
    </div>
  );
}
