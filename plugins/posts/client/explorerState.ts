import { useSyncExternalStore } from 'react';
import { serviceKey } from '@core/shared/services/registry';
import type { SortState } from './table/columns';

/**
 * What the explorer's panels share that is not a filter: the global search (mirrored in the URL hash as
 * `#posts-search=...`, spec part 2 section 2) and the table page, sort and page size. Filters themselves live in
 * the URL through the core filters service; the post popup lives in core's popup host (`postKind`), and palette
 * commands reach the panels through `usePanelCommand`.
 */
export interface ExplorerSnapshot {
  /** The conversation this state belongs to; entering another one starts afresh. */
  conversationId: string | null;
  search: string;
  /** 1-based. */
  page: number;
  sort: SortState | null;
  /** Chosen in this session; null = the user's results_per_page preference. */
  pageSize: number | null;
}

export const SEARCH_HASH_KEY = 'posts-search';

export function searchFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get(SEARCH_HASH_KEY) ?? '';
}

/** The hash with the search set (or removed when empty), keeping any other hash parameters. */
export function hashWithSearch(hash: string, search: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (search) params.set(SEARCH_HASH_KEY, search);
  else params.delete(SEARCH_HASH_KEY);
  const text = params.toString();
  return text ? `#${text}` : '';
}

export class ExplorerState {
  private snapshot: ExplorerSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(initial: Partial<ExplorerSnapshot> = {}) {
    this.snapshot = { conversationId: null, search: '', page: 1, sort: null, pageSize: null, ...initial };
  }

  get = (): ExplorerSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(patch: Partial<ExplorerSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** Panels call this when they mount: another conversation resets search, page and sort. */
  enterConversation(conversationId: string | null): void {
    if (conversationId === this.snapshot.conversationId) return;
    this.update({ conversationId, search: '', page: 1, sort: null });
  }

  /** A new search, sort or page size starts again at page 1. */
  setSearch(search: string): void {
    if (search !== this.snapshot.search) this.update({ search, page: 1 });
  }
  setSort(sort: SortState | null): void { this.update({ sort, page: 1 }); }
  setPageSize(pageSize: number): void { this.update({ pageSize, page: 1 }); }
  setPage(page: number): void { this.update({ page }); }
}

export const explorerStateKey = serviceKey<ExplorerState>('posts.explorer');

export function useExplorerState(state: ExplorerState): ExplorerSnapshot {
  return useSyncExternalStore(state.subscribe, state.get, state.get);
}
