import { Portal } from '@fluentui/react-components';
import type { PayloadOf, postKind } from '@core/client/selection/kinds';
import type { PopupRendererProps } from '@core/client/selection/selectionService';
import { PostPopup } from './PostPopup';

/** What core's popup host draws for a `post` popup, whoever opened it (registered lazily in ../index.ts). */
export function PostPopupRenderer({ payload, conversationId, close }: PopupRendererProps<PayloadOf<typeof postKind>>) {
  // Fluent's Portal carries the theme's CSS variables to the floating window.
  return (
    <Portal>
      <PostPopup conversationId={conversationId} postId={payload.postId} onClose={close} />
    </Portal>
  );
}
