/** Conversation tabs and explorer subtabs (spec part 1 section 2); each opens the built-in layout `<tab>[.<subtab>]`. */
export const CONVERSATION_TABS = ['dashboard', 'explorer', 'insights', 'risk-radar', 'alerts'] as const;
export type ConversationTab = (typeof CONVERSATION_TABS)[number];
export const EXPLORER_SUBTABS = ['posts', 'overview', 'network-navigator', 'urls'] as const;
export type ExplorerSubtab = (typeof EXPLORER_SUBTABS)[number];

export const TAB_LABELS: Record<ConversationTab, string> = {
  dashboard: 'Dashboard', explorer: 'Explorer', insights: 'Insights', 'risk-radar': 'Risk Radar', alerts: 'Alerts',
};
export const SUBTAB_LABELS: Record<ExplorerSubtab, string> = {
  posts: 'Posts', overview: 'Overview', 'network-navigator': 'Network Navigator', urls: 'URLs',
};

export const MY_ORGANIZATION_PAGES = [
  'datasources', 'insights', 'organizations', 'userManagement', 'settings', 'systemStatus', 'queryAudit', 'eventAudit', 'alertAudit',
] as const;
export type MyOrganizationPage = (typeof MY_ORGANIZATION_PAGES)[number];

/** The layout a tab/subtab opens; unknown tabs fall back to the dashboard, the explorer to its posts subtab. */
export function layoutIdFor(tab: string | undefined, subtab: string | undefined): string {
  const t = (CONVERSATION_TABS as readonly string[]).includes(tab ?? '') ? (tab as ConversationTab) : 'dashboard';
  if (t !== 'explorer') return t;
  const s = (EXPLORER_SUBTABS as readonly string[]).includes(subtab ?? '') ? subtab! : 'posts';
  return `explorer.${s}`;
}

/** Where an unauthenticated visitor goes: /login, keeping the path in `next` unless it is / or /login. */
export function loginRedirectFor(href: string): { to: '/login'; search: { next?: string } } {
  const path = href.split('?')[0] ?? '/';
  return { to: '/login', search: path === '/' || path === '/login' ? {} : { next: href } };
}
