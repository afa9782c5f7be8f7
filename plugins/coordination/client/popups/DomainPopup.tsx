import { Text } from '@fluentui/react-components';
import { MESSAGES } from '../../shared/api';
import { nodeKey, type NavigatorGraph } from '../graph/buildGraph';
import { nodeShares } from '../graph/nodeSummary';
import { EVIDENCE_NOTE } from './LinkPopup';
import { CopyButton, shownDate, usePopupStyles } from './parts';

/** Domain popup: the posts linking to the domain and the accounts that posted them (as drawn in the graph), copy. */
export function DomainPopup({ graph, domain }: { graph: NavigatorGraph | null; domain: string }) {
  const styles = usePopupStyles();
  const shares = graph ? nodeShares(graph, nodeKey('domains', domain)) : null;
  return (
    <>
      <Text weight="semibold">{domain}</Text>
      {!shares || shares.posts.length === 0 ? <Text>{MESSAGES.noUserData}</Text> : (
        <>
          <Text weight="semibold">Posts ({shares.posts.length})</Text>
          <table className={styles.table} aria-label="Posts">
            <thead><tr><th>Account</th><th>Post</th><th>Published</th></tr></thead>
            <tbody>{shares.posts.map((p) => <tr key={p.rid}><td>{p.account?.label ?? 'N/A'}</td><td>{p.label}</td><td>{shownDate(p.publishedAt)}</td></tr>)}</tbody>
          </table>
          <Text weight="semibold">Accounts ({shares.accounts.length})</Text>
          <table className={styles.table} aria-label="Accounts">
            <thead><tr><th>Name</th><th>Posts</th><th>Date Shared</th></tr></thead>
            <tbody>{shares.accounts.map((a) => <tr key={a.rid}><td>{a.label}</td><td>{a.posts}</td><td>{shownDate(a.lastShared)}</td></tr>)}</tbody>
          </table>
          <Text size={200}>{EVIDENCE_NOTE}</Text>
        </>
      )}
      <CopyButton value={domain} />
    </>
  );
}
