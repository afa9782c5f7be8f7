import { Text } from '@fluentui/react-components';
import type { Filters } from '@core/shared/filters';
import { MESSAGES } from '../../shared/api';
import { CopyButton } from './parts';
import { SharingAccounts } from './SharingAccounts';
import { useInsightsSections } from './insights';
import { useUrlsSections } from './urlsSections';

/** Domain popup: the domain, who shared links on it in the whole conversation (Posts, Accounts, ...), copy. */
export function DomainPopup({ conversationId, filters, domain }: { conversationId: string; filters: Filters | null; domain: string }) {
  const insights = useInsightsSections();
  const urls = useUrlsSections();
  return (
    <>
      <Text weight="semibold">{domain}</Text>
      {insights && <insights.Domain conversationId={conversationId} domainOrUrl={domain} />}
      <SharingAccounts conversationId={conversationId} filters={filters} kind="domain" value={domain} label="Domain" empty={MESSAGES.noUserData}>
        {urls && <urls.Registration conversationId={conversationId} domainOrUrl={domain} />}
      </SharingAccounts>
      <CopyButton value={domain} />
    </>
  );
}
