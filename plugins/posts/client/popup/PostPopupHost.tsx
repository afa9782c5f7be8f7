import { useEffect, useId, useState } from 'react';
import { Portal } from '@fluentui/react-components';
import { useWorkbench } from '@core/client/app/hostContext';
import { explorerStateKey, useExplorerState, type ExplorerState } from '../explorerState';
import { PostPopup } from './PostPopup';

/** Panels that can open a post each mount a host; only the first mounted one renders, so a post opens once. */
const hosts: string[] = [];
const listeners = new Set<() => void>();

function useIsFirstHost(id: string): boolean {
  const [, rerender] = useState(0);
  useEffect(() => {
    hosts.push(id);
    const listener = () => rerender((n) => n + 1);
    listeners.add(listener);
    listeners.forEach((l) => l());
    return () => {
      hosts.splice(hosts.indexOf(id), 1);
      listeners.delete(listener);
      listeners.forEach((l) => l());
    };
  }, [id]);
  return hosts[0] === id;
}

export function PostPopupHost({ conversationId }: { conversationId: string | null }) {
  const state = useWorkbench().services.get(explorerStateKey);
  return <PopupFor state={state} conversationId={conversationId} />;
}

function PopupFor({ state, conversationId }: { state: ExplorerState; conversationId: string | null }) {
  const id = useId();
  const first = useIsFirstHost(id);
  const { popupPostId } = useExplorerState(state);
  if (!first || !popupPostId || !conversationId) return null;
  // Fluent's Portal carries the theme's CSS variables to the floating window.
  return (
    <Portal>
      <PostPopup key={popupPostId} conversationId={conversationId} postId={popupPostId} onClose={() => state.openPost(null)} />
    </Portal>
  );
}
