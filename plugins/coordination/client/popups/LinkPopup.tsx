import { Text } from '@fluentui/react-components';
import type { Filters } from '@core/shared/filters';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { SHARING_MESSAGES } from '../../shared/sharing';
import { CopyButton, Fields, usePopupStyles } from './parts';
import { SharingAccounts } from './SharingAccounts';
import { useInsightsSections } from './insights';
import { useUrlsSections } from './urlsSections';

export const URL_NOT_AVAILABLE = SHARING_MESSAGES.urlNotAvailable;
/** Without the URLs plugin no registration data exists: every field is missing, which the spec shows as Unavailable. */
const UNAVAILABLE = SHARED_MESSAGES.unavailable;

/**
 * URL popup (spec part 2 section 2): the URL, Posts, Accounts, First Seen, Last Seen, Current Registration, the Past
 * Registration table and the Accounts table (Name, Date Shared, newest first), over the whole conversation.
 */
export function LinkPopup({ conversationId, filters, url }: { conversationId: string; filters: Filters | null; url: string }) {
  const styles = usePopupStyles();
  const insights = useInsightsSections();
  const urls = useUrlsSections();
  return (
    <>
      <Text className={styles.body} data-testid="popup-url">{url}</Text>
      {insights && <insights.Domain conversationId={conversationId} domainOrUrl={url} />}
      <SharingAccounts conversationId={conversationId} filters={filters} kind="url" value={url} label="URL" empty={URL_NOT_AVAILABLE}>
        {urls ? <urls.Registration conversationId={conversationId} domainOrUrl={url} /> : <>
        <Text weight="semibold">Current Registration</Text>
        <Fields label="Current Registration" rows={[
          ['Creation', UNAVAILABLE], ['Expiration', UNAVAILABLE], ['Last Updated', UNAVAILABLE], ['Registrar', UNAVAILABLE], ['Registrar Email', UNAVAILABLE],
        ]} />
        <Text weight="semibold">Past Registration</Text>
        <table className={styles.table} aria-label="Past Registration">
          <thead><tr><th>Names</th><th>Phones</th><th>Registrars</th><th>Emails</th></tr></thead>
          <tbody><tr><td colSpan={4}>{UNAVAILABLE}</td></tr></tbody>
        </table>
        </>}
      </SharingAccounts>
      <CopyButton value={url} />
    </>
  );
}
