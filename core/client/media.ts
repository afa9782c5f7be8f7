import { useCallback, useSyncExternalStore } from 'react';
import { mediaSrc, type RemoteMediaMode } from '@core/shared/api/media';
import { useOptionalSessionActor } from './session/SessionContext';

/**
 * Remote images in the client (issue 18, finding 9): every avatar or other remote image is rendered through
 * {@link useMediaSrc}, which points it at the server's image proxy, or at nothing when the server has remote media
 * off, so the browser never contacts a host a monitored author chose. Avatars keep their initials as the fallback
 * (Fluent's Avatar shows them when there is no image or it fails to load). See docs/operations.md "Remote media".
 */

/**
 * The server's NARRASCOPE_REMOTE_MEDIA, as the current-user call reports it. Without a session (a component
 * rendered alone) `proxy`: the proxy itself answers 401 then, so nothing remote is reached either way.
 */
export function useRemoteMedia(): RemoteMediaMode {
  const actor = useOptionalSessionActor();
  const subscribe = useCallback((onChange: () => void) => {
    if (!actor) return () => {};
    const subscription = actor.subscribe(onChange);
    return () => subscription.unsubscribe();
  }, [actor]);
  return useSyncExternalStore(subscribe, () => actor?.getSnapshot().context.current?.remote_media ?? 'proxy');
}

/** Where an `<img>` (or an Avatar's `image.src`) may load `url` from; null: show no image (initials). */
export function useMediaSrc(url: string | null | undefined): string | null {
  return mediaSrc(url, useRemoteMedia());
}

export { mediaSrc };
