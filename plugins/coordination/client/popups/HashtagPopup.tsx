import { Text } from '@fluentui/react-components';
import type { Filters } from '@core/shared/filters';
import { MESSAGES } from '../../shared/api';
import { CopyButton } from './parts';
import { SharingAccounts } from './SharingAccounts';

/** Hashtag popup: the hashtag (`#tag`), who used it in the whole conversation (Posts, Accounts, ...), copy. */
export function HashtagPopup({ conversationId, filters, tag, label }: { conversationId: string; filters: Filters | null; tag: string; label: string }) {
  return (
    <>
      <Text weight="semibold">{label}</Text>
      <SharingAccounts conversationId={conversationId} filters={filters} kind="hashtag" value={tag} label="Hashtag" empty={MESSAGES.noUserData} />
      <CopyButton value={label} />
    </>
  );
}
