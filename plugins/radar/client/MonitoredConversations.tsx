import { Caption1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { navigationKey } from '@core/client/services/keys';
import { useWorkbench } from '@core/client/app/hostContext';
import type { DateRange } from '../shared/api';
import { useNrmsConversations, useScaledConversations, useSessionFeatures, type ListedConversation } from './monitoredConversations';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalM },
});

/**
 * Under the home view's range: the organisation-wide NRMS conversations that collected posts of the range and the
 * scaled (shared) conversations, each a link to the conversation. Each list is asked only with its feature flag and
 * shown only when it has a conversation.
 */
export function MonitoredConversations({ range }: { range: DateRange }) {
  const features = useSessionFeatures();
  const nrms = useNrmsConversations(range, features.includes('VIEW_NRMS_CONVERSATION'));
  const scaled = useScaledConversations(features.includes('SHOW_SCALED_CONVERSATIONS'));
  return (
    <>
      <ConversationLinks testId="radar-nrms-conversations" label="Organization-wide NRMS conversations:" list={nrms.data ?? []} />
      <ConversationLinks testId="radar-scaled-conversations" label="Scaled conversations:" list={scaled.data ?? []} />
    </>
  );
}

function ConversationLinks({ label, list, testId }: { label: string; list: readonly ListedConversation[]; testId: string }) {
  const styles = useStyles();
  const { services } = useWorkbench();
  if (list.length === 0) return null;
  const open = (id: string) => services.get(navigationKey).navigate(`/conversations/${id}`);
  return (
    <nav className={styles.row} aria-label={label} data-testid={testId}>
      <Caption1>{label}</Caption1>
      {list.map((c) => (
        <Link key={c.id} href={`/conversations/${c.id}`} onClick={(e) => { e.preventDefault(); open(c.id); }}>{c.name}</Link>
      ))}
    </nav>
  );
}
