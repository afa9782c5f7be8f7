import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@core/client/api/client';
import { NOTICES_PATH, noticesSchema } from '@plugins/radar/shared/public';
import {
  Badge, Button, Caption1, MessageBar, MessageBarBody, ProgressBar, Spinner, Subtitle1, Tooltip, makeStyles, tokens, type BadgeProps,
} from '@fluentui/react-components';
import { ArrowClockwise20Regular, Clock16Regular, Dismiss16Regular, Pause16Regular } from '@fluentui/react-icons';
import type { Conversation } from '../../shared/api';
import { MESSAGES } from '../../shared/messages';
import { badgeLabel, isActive, type BadgeLabel } from '../../shared/rules';
import { useConversation, useConversationMutations, useRuns } from '../api';
import { formatRunTime, useLifecycle, useSessionInfo } from '../hooks';

const useStyles = makeStyles({
  root: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, flexShrink: 0, flexWrap: 'wrap',
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '40vw' },
  meta: { color: tokens.colorNeutralForeground3 },
  progress: { width: '160px' },
  spacer: { flex: 1 },
});

const BADGE_COLOR: Record<BadgeLabel, BadgeProps['color']> = { View: 'success', Running: 'brand', Failed: 'danger', Pending: 'informative' };

/** The conversation view's header (the `conversationHeader` slot): name, status, progress while running, re-run. */
export default function ConversationHeader() {
  const { conversationId } = useParams({ strict: false }) as { conversationId?: string };
  const session = useSessionInfo();
  const org = session?.organizationId ?? null;
  const query = useConversation(org, conversationId ?? null);
  const styles = useStyles();
  if (query.isPending) return <div className={styles.root}><Spinner size="tiny" /></div>;
  if (query.isError) return <MessageBar intent="error"><MessageBarBody>{(query.error as Error).message}</MessageBarBody></MessageBar>;
  if (!query.data) {
    return <MessageBar intent="warning" data-testid="conversation-not-found"><MessageBarBody>{MESSAGES.conversationNotFound}</MessageBarBody></MessageBar>;
  }
  return <Header conversation={query.data} org={org!} fetchedAt={query.dataUpdatedAt} />;
}

function Header({ conversation, org, fetchedAt }: { conversation: Conversation; org: string; fetchedAt: number }) {
  const styles = useStyles();
  const life = useLifecycle(conversation, fetchedAt);
  const c = life.conversation;
  const label = badgeLabel(life.status);
  const active = isActive(life.status);
  const runs = useRuns(org, c.id, active);
  const { cancel } = useConversationMutations(org);
  const latest = runs.data?.[0];
  const stage = c.enrichment_stages[0]?.stage ?? latest?.enrichment_stage ?? null;
  return (
    <header className={styles.root} aria-label="Conversation status" data-testid="conversation-header">
      <Subtitle1 as="h1" className={styles.name} title={c.name}>{c.name}</Subtitle1>
      {/* A polite live region: screen readers hear the run go Pending, Running, View without moving there. */}
      <span role="status">
        <Badge appearance="filled" color={BADGE_COLOR[label]} data-testid="status-badge">{label}</Badge>
      </span>
      {c.threat_feed && (c.suspended
        ? <Tooltip content="Continuous, suspended" relationship="label"><span className={styles.meta}><Pause16Regular /></span></Tooltip>
        : <Tooltip content="Continuous: runs every day" relationship="label"><span className={styles.meta}><Clock16Regular /></span></Tooltip>)}
      {life.status === 'RUNNING' ? (
        <>
          <Caption1 data-testid="run-progress">Step {c.DAG_step ?? 1} of 5{stage ? ` · ${stage}` : ''}</Caption1>
          {latest && <ProgressBar className={styles.progress} value={latest.progress} max={1} />}
        </>
      ) : (
        <Caption1 className={styles.meta}>Last run: {formatRunTime(c.last_run)}</Caption1>
      )}
      <ConversationNotices conversationId={c.id} />
      <div className={styles.spacer} />
      {life.rerunError && <Caption1 role="alert">{life.rerunError}</Caption1>}
      {active && (
        <Button size="small" appearance="subtle" icon={<Dismiss16Regular />} disabled={cancel.isPending} onClick={() => cancel.mutate(c.id)}>Cancel run</Button>
      )}
      {life.rerunVisible && (
        <Tooltip content={life.rerunDisabledReason ?? 'Re-run'} relationship="label" showDelay={250}>
          <Button size="small" icon={<ArrowClockwise20Regular />} disabledFocusable={life.rerunDisabledReason !== null}
            onClick={life.rerunDisabledReason ? undefined : life.rerun}>Re-run</Button>
        </Tooltip>
      )}
    </header>
  );
}

/**
 * Conversation notices (Topic Radar's call): posts with threatening language, and posts linking state media or
 * government domains of the organisation's domain list. Nothing while none applies or the call is not installed.
 */
function ConversationNotices({ conversationId }: { conversationId: string }) {
  const notices = useQuery({
    queryKey: ['conversations', 'notices', conversationId],
    queryFn: ({ signal }) => apiGet(NOTICES_PATH, { query: new URLSearchParams({ conversation_id: conversationId }), schema: noticesSchema, signal }),
  });
  const n = notices.data;
  if (!n) return null;
  const items: Array<[string, number | null, BadgeProps['color']]> = [
    ['posts with threatening language', n.threat_count, 'danger'], ['posts linking state media', n.state_media_count, 'warning'],
    ['posts linking government sites', n.government_count, 'informative'],
  ];
  return (
    <>
      {items.filter(([, count]) => (count ?? 0) > 0).map(([label, count, color]) => (
        <Badge key={label} appearance="tint" color={color} data-testid="conversation-notice">{count!.toLocaleString('en')} {label}</Badge>
      ))}
    </>
  );
}
