import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Text } from '@fluentui/react-components';
import type { Filters } from '@core/shared/filters';
import { SHARING_MESSAGES, type SharedKind, type SharingAccount } from '../../shared/sharing';
import { useSelectionService } from '@core/client/selection/hooks';
import { accountKind } from '@core/client/selection/kinds';
import { sharingQuery } from '../api';
import { Fields, shownDate, usePopupStyles } from './parts';

export interface SharingAccountsProps {
  conversationId: string;
  filters: Filters | null;
  kind: SharedKind;
  value: string;
  /** accessible name of the Posts / Accounts / First Seen / Last Seen table (the popup's node type) */
  label: string;
  /** what to say when nobody shared it under the filters */
  empty: string;
  /** sections between the counts and the Accounts table (the URL popup's registration) */
  children?: ReactNode;
}

/** An account as the graph labels it: @screen_name, else its display name, else its platform id. */
const accountName = (a: SharingAccount) => (a.screen_name ? `@${a.screen_name}` : a.display_name ?? a.rid);

/**
 * "Accounts sharing X", the body of the URL, Domain and Hashtag popups (spec part 2 section 2): Posts, Accounts,
 * First Seen and Last Seen over the whole conversation under the workspace filters, then the Accounts table (Name,
 * Date Shared, latest first) a page at a time. A name opens that account's user popup.
 */
export function SharingAccounts({ conversationId, filters, kind, value, label, empty, children }: SharingAccountsProps) {
  const styles = usePopupStyles();
  const selection = useSelectionService();
  const q = useInfiniteQuery(sharingQuery(conversationId, kind, value, filters));
  // A failed later page keeps the pages loaded so far (and says so below the table).
  if (!q.data) return <Text>{q.isError ? SHARING_MESSAGES.loadError : 'Loading…'}</Text>;
  const first = q.data.pages[0];
  if (!first || first.posts === 0) return <Text>{empty}</Text>;
  const accounts = q.data.pages.flatMap((p) => p?.shares ?? []);
  return (
    <>
      <Fields label={label} rows={[
        ['Posts', first.posts.toLocaleString()], ['Accounts', first.accounts.toLocaleString()],
        ['First Seen', shownDate(first.first_seen)], ['Last Seen', shownDate(first.last_seen)],
      ]} />
      {children}
      <table className={styles.table} aria-label="Accounts">
        <thead><tr><th>Name</th><th>Date Shared</th></tr></thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={`${a.platform}:${a.rid}`}>
              <td>
                <Button size="small" appearance="transparent" onClick={() => selection.openPopup(accountKind, { rid: a.rid, clusterId: null })}>
                  {accountName(a)}
                </Button>
              </td>
              <td>{shownDate(a.date_shared)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {q.isFetchNextPageError && <Text>{SHARING_MESSAGES.loadError}</Text>}
      {q.hasNextPage && (
        <Button size="small" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {q.isFetchingNextPage ? 'Loading…' : `Show more accounts (${accounts.length.toLocaleString()} of ${first.accounts.toLocaleString()})`}
        </Button>
      )}
    </>
  );
}
