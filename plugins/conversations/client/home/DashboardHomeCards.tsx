import { Spinner, Title3, makeStyles, tokens, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { DashboardWelcome } from '@core/client/pages/DashboardHome';
import { sortByCreated } from '../../shared/rules';
import { useConversations } from '../api';
import { useSessionInfo } from '../hooks';
import { ConversationCard } from './ConversationCard';

const useStyles = makeStyles({
  root: { padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, overflow: 'auto' },
  grid: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
});

/**
 * Dashboard home (spec part 1 section 2), the `dashboardHome` slot: a loading indicator, the Platform Intelligence
 * list of conversation cards when conversations exist, otherwise the welcome text. (The Topic Radar theme view
 * belongs to the Topic Radar plugin.) The list is polled every 30 s while a conversation is refreshing.
 */
export default function DashboardHomeCards() {
  const styles = useStyles();
  const session = useSessionInfo();
  const conversations = useConversations(session?.organizationId ?? null, null);
  if (conversations.isPending) return <Spinner label="Loading…" data-testid="dashboard-home" />;
  if (conversations.isError) {
    return <MessageBar intent="error" data-testid="dashboard-home"><MessageBarBody>{(conversations.error as Error).message}</MessageBarBody></MessageBar>;
  }
  const list = sortByCreated(conversations.data ?? []);
  if (list.length === 0) return <DashboardWelcome />;
  return (
    <section className={styles.root} data-testid="dashboard-home">
      <Title3 as="h2">Platform Intelligence</Title3>
      <div className={styles.grid}>
        {list.map((c) => <ConversationCard key={c.id} conversation={c} fetchedAt={conversations.dataUpdatedAt} />)}
      </div>
    </section>
  );
}
