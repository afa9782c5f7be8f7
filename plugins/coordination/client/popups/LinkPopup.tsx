import { Text } from '@fluentui/react-components';
import { nodeKey, type NavigatorGraph } from '../graph/buildGraph';
import { nodeShares } from '../graph/nodeSummary';
import { CopyButton, Fields, shownDate, usePopupStyles } from './parts';

export const URL_NOT_AVAILABLE = 'The URL is not available';
export const EVIDENCE_NOTE = 'From the evidence drawn in the graph.';

/**
 * URL popup (spec part 2 section 2): the URL, Posts, Accounts, First Seen, Last Seen, registration (not collected:
 * Unavailable) and the Accounts table (Name, Date Shared, newest first) of the shares drawn in the graph.
 */
export function LinkPopup({ graph, url }: { graph: NavigatorGraph | null; url: string }) {
  const styles = usePopupStyles();
  const shares = graph ? nodeShares(graph, nodeKey('links', url)) : null;
  if (!shares || shares.posts.length === 0) return <><Text className={styles.body}>{url}</Text><Text>{URL_NOT_AVAILABLE}</Text></>;
  return (
    <>
      <Text className={styles.body} data-testid="popup-url">{url}</Text>
      <Fields label="URL" rows={[
        ['Posts', shares.posts.length], ['Accounts', shares.accounts.length],
        ['First Seen', shownDate(shares.firstSeen)], ['Last Seen', shownDate(shares.lastSeen)], ['Current Registration', 'Unavailable'],
      ]} />
      <table className={styles.table} aria-label="Accounts">
        <thead><tr><th>Name</th><th>Date Shared</th></tr></thead>
        <tbody>{shares.posts.map((p) => <tr key={p.rid}><td>{p.account?.label ?? 'N/A'}</td><td>{shownDate(p.publishedAt)}</td></tr>)}</tbody>
      </table>
      <Text size={200}>{EVIDENCE_NOTE}</Text>
      <CopyButton value={url} />
    </>
  );
}
