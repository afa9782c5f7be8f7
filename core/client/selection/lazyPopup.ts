import { lazy, type ComponentType } from 'react';
import type { PopupRendererProps } from './selectionService';

/**
 * A popup renderer loaded with its first popup: plugins register renderers in `activate`, which runs at start-up,
 * and a popup's code (queries, tables) should not weigh on that.
 *
 *   selection.registerPopup(postKind, lazyPopup(() => import('./popup/renderer').then((m) => m.PostPopupRenderer)));
 */
export function lazyPopup<Payload>(load: () => Promise<ComponentType<PopupRendererProps<Payload>>>): ComponentType<PopupRendererProps<Payload>> {
  // React's `lazy` types lose the generic props; the loaded component is exactly the declared one.
  return lazy(async () => ({ default: await load() })) as unknown as ComponentType<PopupRendererProps<Payload>>;
}
