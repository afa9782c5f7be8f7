import { Text } from '@fluentui/react-components';
import { MESSAGES } from '../../shared/api';
import { nodeKey, type NavigatorGraph } from '../graph/buildGraph';
import { nodeShares } from '../graph/nodeSummary';
import { EVIDENCE_NOTE } from './LinkPopup';
import { CopyButton, shownDate, usePopupStyles } from './parts';

/** Hashtag popup: the accounts using it (with their posts and latest use, as drawn in the graph), copy. */
export function HashtagPopup({ graph, tag, label }: { graph: NavigatorGraph | null; tag: string; label: string }) {
  const styles = usePopupStyles();
  const shares = graph ? nodeShares(graph, nodeKey('hashtags', tag)) : null;
  return (
    <>
      <Text weight="semibold">{label}</Text>
      {!shares || shares.accounts.length === 0 ? <Text>{MESSAGES.noUserData}</Text> : (
        <>
          <Text weight="semibold">Accounts ({shares.accounts.length})</Text>
          <table className={styles.table} aria-label="Accounts">
            <thead><tr><th>Name</th><th>Posts</th><th>Date Shared</th></tr></thead>
            <tbody>{shares.accounts.map((a) => <tr key={a.rid}><td>{a.label}</td><td>{a.posts}</td><td>{shownDate(a.lastShared)}</td></tr>)}</tbody>
          </table>
          <Text size={200}>{EVIDENCE_NOTE}</Text>
        </>
      )}
      <CopyButton value={label} />
    </>
  );
}
