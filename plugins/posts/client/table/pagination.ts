/**
 * The page buttons of the raw data table (spec part 2 section 2: "Pagination shows 2 edge pages and 1 sibling
 * page"): the first and last two pages, the current page with one neighbour each side, and an ellipsis for each gap.
 * Pages are 1-based.
 */
export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

export const EDGE_PAGES = 2;
export const SIBLING_PAGES = 1;

export function pageItems(current: number, pageCount: number, edge = EDGE_PAGES, sibling = SIBLING_PAGES): PageItem[] {
  if (pageCount <= 0) return [];
  const page = Math.min(Math.max(current, 1), pageCount);
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(edge, pageCount); p++) shown.add(p);
  for (let p = Math.max(1, pageCount - edge + 1); p <= pageCount; p++) shown.add(p);
  for (let p = Math.max(1, page - sibling); p <= Math.min(pageCount, page + sibling); p++) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous === 2) items.push(previous + 1); // a gap of one page: show it, not "…"
    else if (previous !== undefined && p - previous > 2) items.push(p <= page ? 'start-ellipsis' : 'end-ellipsis');
    items.push(p);
  });
  return items;
}

export { PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE } from '../../shared/explorerApi';
/** Virtual row estimate and overscan (spec part 2 section 9). */
export const ROW_ESTIMATE_PX = 50;
export const ROW_OVERSCAN = 10;
/** Debounce of the search box and column filters (spec part 2 section 9). */
export const FILTER_DEBOUNCE_MS = 350;
