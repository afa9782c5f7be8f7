import { useEffect, useRef } from 'react';
import { hashWithSearch, searchFromHash, type ExplorerState } from '../explorerState';

/**
 * Keeps the global search and the URL hash (`#posts-search=...`) in step: the hash seeds the search when the table
 * mounts and when the user edits it; a search typed in the box is written back (replacing the history entry). The
 * router drops the hash when filters change, so it is written again after every URL change (`urlKey`).
 */
export function useHashSearch(state: ExplorerState, search: string, urlKey: string): void {
  // The first render still has the search from before the hash was read: it must not erase the hash.
  const seeded = useRef(false);
  useEffect(() => {
    const fromHash = searchFromHash(window.location.hash);
    if (fromHash) state.setSearch(fromHash);
    const onHash = () => state.setSearch(searchFromHash(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [state]);

  useEffect(() => {
    if (!seeded.current) {
      seeded.current = true;
      if (searchFromHash(window.location.hash) !== search) return;
    }
    const hash = hashWithSearch(window.location.hash, search);
    if (hash === window.location.hash || (hash === '' && window.location.hash === '#')) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${hash}`);
  }, [search, urlKey]);
}
