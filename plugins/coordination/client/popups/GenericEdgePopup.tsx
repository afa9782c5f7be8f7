import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useSelectionService } from '@core/client/selection/hooks';
import { MESSAGES } from '../../shared/api';
import { showAccount } from '../actions';
import type { EdgeEnd, EdgeEnds } from '../graph/edgeEnds';
import { edgeSentence, NODE_TYPE_LABELS, type NodeType } from '../graph/model';
import { graphNodeKind } from '../kinds';
import { PopupFrame } from './PopupFrame';

/** The icon each node type is drawn with in the popup (a button: clicking it opens that node's popup). */
export const NODE_TYPE_ICONS: Readonly<Record<NodeType, string>> = {
  accounts: '👤', posts: '📝', domains: '🌐', links: '🔗', hashtags: '#', topics: '💬',
};

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * The popup of a graph edge other than a coordination edge (spec part 2 section 2, "Edge popup"): the action node,
 * the sentence that reads the edge, and the receiver node, each with a clickable icon. A node's icon opens that
 * node's popup (an account's user popup); the sentence's icon copies it. Without both nodes: "No Data".
 */
export function GenericEdgePopup({ edge, onClose }: { edge: EdgeEnds; onClose: () => void }) {
  const styles = useStyles();
  const selection = useSelectionService();
  const { action, receiver } = edge;
  const open = (end: EdgeEnd) => {
    if (end.nodeType === 'accounts') showAccount(selection, end.ref, null);
    else selection.openPopup(graphNodeKind, end);
  };
  const node = (end: EdgeEnd, role: string) => (
    <div className={styles.row} aria-label={role}>
      <Button size="small" appearance="subtle" aria-label={`Open ${NODE_TYPE_LABELS[end.nodeType]} ${end.label}`} onClick={() => open(end)}>
        {NODE_TYPE_ICONS[end.nodeType]}
      </Button>
      {/* Labels can be post bodies: text only. */}
      <Text className={styles.label} title={end.label}>{NODE_TYPE_LABELS[end.nodeType]} {end.label}</Text>
    </div>
  );
  if (!action || !receiver) {
    return <PopupFrame title="Edge" onClose={onClose}><Text>{MESSAGES.noEdgeData}</Text></PopupFrame>;
  }
  const sentence = edgeSentence(edge.edgeType, action.label, receiver.label);
  return (
    <PopupFrame title="Edge" onClose={onClose}>
      {node(action, 'Action node')}
      <div className={styles.row} aria-label="Sentence">
        <Button size="small" appearance="subtle" aria-label="Copy the sentence" onClick={() => void navigator.clipboard?.writeText(sentence)}>📋</Button>
        <Text>{sentence}</Text>
      </div>
      {node(receiver, 'Receiver node')}
    </PopupFrame>
  );
}
