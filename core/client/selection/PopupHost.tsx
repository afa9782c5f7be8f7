import { Suspense, useEffect, useRef } from 'react';
import type { Filters } from '@core/shared/filters';
import { useSelectionService, useSelectionSnapshot } from './hooks';

export interface PopupHostProps {
  conversationId: string;
  filters: Filters;
}

/**
 * Draws the open popups once for the page, bottom first, each with the renderer its plugin registered for its kind.
 * Mounted by the conversation page beside the workspace, so a popup does not depend on which panes are open. Another
 * conversation (or leaving the page) clears the selection and closes the popups: they belong to this conversation.
 */
export function PopupHost({ conversationId, filters }: PopupHostProps) {
  const service = useSelectionService();
  const { popups } = useSelectionSnapshot();
  const shownFor = useRef(conversationId);
  useEffect(() => {
    if (shownFor.current !== conversationId) service.reset();
    shownFor.current = conversationId;
  }, [service, conversationId]);
  useEffect(() => () => service.reset(), [service]);

  return (
    <>
      {popups.map((popup) => {
        const registration = service.renderer(popup.kind);
        if (!registration) return null;
        const Render = registration.render;
        // Renderers may be lazy (`lazyPopup`): nothing shows until the popup's code has loaded.
        return (
          <Suspense key={popup.key} fallback={null}>
            <Render payload={popup.payload} conversationId={conversationId} filters={filters} close={() => service.closePopup(popup.key)} />
          </Suspense>
        );
      })}
    </>
  );
}
