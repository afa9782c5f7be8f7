import type { Filters } from '@core/shared/filters';
import { NODE_TYPE_LABELS, type NodeType } from '../graph/model';
import { DomainPopup } from './DomainPopup';
import { HashtagPopup } from './HashtagPopup';
import { LinkPopup } from './LinkPopup';
import { PopupFrame } from './PopupFrame';
import { PostNodePopup } from './PostNodePopup';
import { TopicPopup } from './TopicPopup';

/** The popup of a graph node other than an account (accounts open the user popup), titled by its node type label. */
export function GraphNodePopup({ conversationId, filters, nodeType, label, value, postId, onClose }: {
  conversationId: string; filters: Filters | null; nodeType: NodeType; label: string; value: string; postId?: number; onClose: () => void;
}) {
  return (
    <PopupFrame title={NODE_TYPE_LABELS[nodeType]} onClose={onClose}>
      {nodeType === 'posts' && <PostNodePopup conversationId={conversationId} postId={postId ?? null} label={label} />}
      {nodeType === 'links' && <LinkPopup conversationId={conversationId} filters={filters} url={value} />}
      {nodeType === 'domains' && <DomainPopup conversationId={conversationId} filters={filters} domain={value} />}
      {nodeType === 'hashtags' && <HashtagPopup conversationId={conversationId} filters={filters} tag={value} label={label} />}
      {nodeType === 'topics' && <TopicPopup conversationId={conversationId} topicId={value} />}
      {nodeType === 'accounts' && label}
    </PopupFrame>
  );
}
