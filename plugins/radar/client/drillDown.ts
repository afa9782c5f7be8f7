import { encodeFilters, emptyFilters } from '@core/shared/filters';

/**
 * The explorer's posts of a conversation filtered to one theme (`nrms_theme=<THEME>:true`), keeping the project in the
 * path when the current path has it (`/projects/{name}/{id}/...` or `/conversations/{id}/...`).
 */
export function themeExplorerPath(currentPath: string, conversationId: string, theme: string): string {
  const at = currentPath.indexOf(`/${conversationId}`);
  const base = at >= 0 ? currentPath.slice(0, at + conversationId.length + 1) : `/conversations/${conversationId}`;
  const query = encodeFilters({ ...emptyFilters(), nrms_theme: { [theme]: true } }).toString();
  return `${base}/explorer/posts?${query}`;
}
