import { Button, Text } from '@fluentui/react-components';
import { NODE_TYPE_LABELS, type NodeType } from '../graph/model';
import { selection } from '../selection';
import { PopupFrame } from './PopupFrame';

const COPYABLE: ReadonlySet<NodeType> = new Set(['domains', 'hashtags', 'posts', 'links']);

/** Popups of the other graph node types: what the node is, with copy-to-clipboard (client side only). */
export function GraphNodePopup({ nodeType, label, value }: { nodeType: NodeType; label: string; value: string }) {
  return (
    <PopupFrame title={NODE_TYPE_LABELS[nodeType]} onClose={() => selection.clearPopup()}>
      <Text>{label}</Text>
      {COPYABLE.has(nodeType) && <Button size="small" onClick={() => void navigator.clipboard?.writeText(value)}>Copy</Button>}
    </PopupFrame>
  );
}
