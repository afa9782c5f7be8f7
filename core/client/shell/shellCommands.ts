import type { CommandContext, CommandDefinition } from '../plugin/contract';
import { filtersKey, navigationKey, sessionKey, themeKey } from '../services/keys';
import { CONVERSATION_TABS, EXPLORER_SUBTABS, SUBTAB_LABELS, TAB_LABELS } from '../app/routes';

const nav = (ctx: CommandContext) => ctx.services.get(navigationKey);
const inConversation = (ctx: CommandContext) => ctx.conversationId !== null;

/** Where a tab of the current conversation lives, keeping the project in the path when there is one. */
function conversationPath(ctx: CommandContext, tab: string, subtab?: string): string {
  const base = ctx.projectName
    ? `/projects/${encodeURIComponent(ctx.projectName)}/${ctx.conversationId}`
    : `/conversations/${ctx.conversationId}`;
  // Filters, viz state (query string) and panel state (hash) travel along: only the tab changes.
  return `${base}/${tab}${subtab ? `/${subtab}` : ''}${window.location.search}${window.location.hash}`;
}

/** Core navigation, filter, theme and session commands; plugins add "go to project/conversation" commands. */
export function shellCommands(): CommandDefinition[] {
  const tabCommands: CommandDefinition[] = CONVERSATION_TABS.map((tab) => ({
    id: `navigation.goTo${tab.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}Tab`,
    title: `Go to ${TAB_LABELS[tab]} tab`,
    category: 'Navigation',
    keywords: ['tab', tab],
    when: inConversation,
    run: (ctx) => nav(ctx).navigate(conversationPath(ctx, tab, tab === 'explorer' ? 'posts' : undefined)),
  }));
  const subtabCommands: CommandDefinition[] = EXPLORER_SUBTABS.map((subtab) => ({
    id: `navigation.goToExplorer${subtab.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`,
    title: `Go to Explorer: ${SUBTAB_LABELS[subtab]}`,
    category: 'Navigation',
    keywords: ['explorer', subtab],
    when: inConversation,
    run: (ctx) => nav(ctx).navigate(conversationPath(ctx, 'explorer', subtab)),
  }));
  return [
    {
      id: 'navigation.goHome',
      title: 'Go to dashboard',
      category: 'Navigation',
      keywords: ['home', 'projects'],
      keybinding: 'mod+alt+h',
      run: (ctx) => nav(ctx).navigate('/'),
    },
    {
      id: 'navigation.openSettings',
      title: 'Open App Settings',
      category: 'Navigation',
      keywords: ['preferences', 'keyboard shortcuts', 'theme'],
      run: (ctx) => nav(ctx).navigate('/myOrganization/settings'),
    },
    ...tabCommands,
    ...subtabCommands,
    {
      id: 'filters.clearAll',
      title: 'Clear all filters',
      category: 'Filters',
      keywords: ['reset', 'remove filters'],
      when: inConversation,
      enabled: (ctx) => {
        const f = ctx.services.has(filtersKey) ? ctx.services.get(filtersKey) : null;
        return f && f.hasAny() ? true : 'No filters are set';
      },
      run: (ctx) => ctx.services.get(filtersKey).clearAll(),
    },
    {
      id: 'theme.toggle',
      title: 'Toggle light and dark theme',
      category: 'Appearance',
      keywords: ['dark mode', 'light mode', 'theme'],
      run: (ctx) => {
        const theme = ctx.services.get(themeKey);
        theme.set(theme.get() === 'dark' ? 'light' : 'dark');
      },
    },
    {
      id: 'session.signOut',
      title: 'Sign out',
      category: 'Session',
      keywords: ['log out', 'logout'],
      run: (ctx) => ctx.services.get(sessionKey).signOut(),
    },
  ];
}
