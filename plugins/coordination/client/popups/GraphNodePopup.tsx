import { NODE_TYPE_LABELS, type NodeType } from '../graph/model';
import { currentGraph } from '../currentGraph';
import { selection } from '../selection';
import { DomainPopup } from './DomainPopup';
import { HashtagPopup } from './HashtagPopup';
import { LinkPopup } from './LinkPopup';
import { PopupFrame } from './PopupFrame';
import { PostNodePopup } from './PostNodePopup';
import { TopicPopup } from './TopicPopup';

/** The popup of a graph node other than an account (accounts open the user popup), titled by its node type label. */
export function GraphNodePopup({ conversationId, nodeType, label, value, postId }: { conversationId: string; nodeType: NodeType; label: string; value: string; postId?: number }) {
  const graph = currentGraph();
  return (
    <PopupFrame title={NODE_TYPE_LABELS[nodeType]} onClose={() => selection.clearPopup()}>
      {nodeType === 'posts' && <PostNodePopup conversationId={conversationId} postId={postId ?? null} label={label} />}
      {nodeType === 'links' && <LinkPopup graph={graph} url={value} />}
      {nodeType === 'domains' && <DomainPopup graph={graph} domain={value} />}
      {nodeType === 'hashtags' && <HashtagPopup graph={graph} tag={value} label={label} />}
      {nodeType === 'topics' && <TopicPopup conversationId={conversationId} topicId={value} />}
      {nodeType === 'accounts' && label}
    </PopupFrame>
  );
}
