import { Suspense, useEffect, useMemo } from 'react';
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { Tab, TabList, makeStyles, tokens, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { decodeFilters, toQueryString, withVizDefaults } from '@core/shared/filters';
import { httpLayoutStore } from '../api/httpLayoutStore';
import { reportLog } from '../api/logReporter';
import { useWorkbench } from '../app/hostContext';
import { useBuiltInLayout } from '../app/layouts';
import {
  CONVERSATION_TABS, EXPLORER_SUBTABS, SUBTAB_LABELS, TAB_LABELS, layoutIdFor, type ConversationTab,
} from '../app/routes';
import { useNotify } from '../app/notifications';
import { WorkspaceHost } from '../workspace/WorkspaceHost';
import { PopupHost } from '../selection/PopupHost';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 },
  tabs: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, padding: `0 ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, flexShrink: 0 },
  workspace: { flex: 1, minHeight: 0, position: 'relative' },
});

/**
 * A conversation: its tabs (and the explorer's subtabs) each open a built-in workspace layout that the user may
 * rearrange. Filters come from the URL; the layout never goes in the URL.
 */
export default function ConversationPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const host = useWorkbench();
  const params = useParams({ strict: false }) as { conversationId: string; projectName?: string; tab?: string; subtab?: string };
  const search = useRouterState({ select: (s) => s.location.searchStr });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const filters = useMemo(() => decodeFilters(search.startsWith('?') ? search.slice(1) : search), [search]);
  const layoutId = layoutIdFor(params.tab, params.subtab);
  const [tab, subtab] = layoutId.split('.') as [ConversationTab, string | undefined];
  const builtIn = useBuiltInLayout(layoutId);

  // Opening the explorer without a preset sets the spec's defaults (part 1 §2), replacing the history entry.
  useEffect(() => {
    if (tab !== 'explorer') return;
    const params = new URLSearchParams(search);
    if (params.get('viz:preset')) return;
    // The router's location, not window.location: during a navigation the window may still show the previous path.
    void navigate({ href: `${pathname}?${toQueryString(withVizDefaults(params))}${window.location.hash}`, replace: true });
  }, [tab, search, pathname, navigate]);

  const go = (nextTab: string, nextSubtab?: string) => {
    const base = params.projectName
      ? `/projects/${encodeURIComponent(params.projectName)}/${params.conversationId}`
      : `/conversations/${params.conversationId}`;
    // Filters and viz state travel along in the query string; only the path changes.
    void navigate({ href: `${base}/${nextTab}${nextSubtab ? `/${nextSubtab}` : ''}${window.location.search}${window.location.hash}` });
  };

  const Header = host.slots.conversationHeader;
  return (
    <section className={styles.root} aria-label="Conversation">
      {Header && <Suspense fallback={null}><Header /></Suspense>}
      <div className={styles.tabs}>
        <TabList selectedValue={tab} onTabSelect={(_, d) => go(String(d.value), d.value === 'explorer' ? 'posts' : undefined)} aria-label="Conversation tabs">
          {CONVERSATION_TABS.map((t) => <Tab key={t} value={t}>{TAB_LABELS[t]}</Tab>)}
        </TabList>
        {tab === 'explorer' && (
          <TabList size="small" selectedValue={subtab} onTabSelect={(_, d) => go('explorer', String(d.value))} aria-label="Explorer views">
            {EXPLORER_SUBTABS.map((s) => <Tab key={s} value={s}>{SUBTAB_LABELS[s]}</Tab>)}
          </TabList>
        )}
      </div>
      <div className={styles.workspace}>
        {builtIn ? (
          <WorkspaceHost
            key={layoutId}
            layoutId={layoutId}
            builtIn={builtIn}
            store={httpLayoutStore}
            registry={host.panels}
            services={host.services}
            conversationId={params.conversationId}
            filters={filters}
            onError={(message) => {
              reportLog('warn', message);
              notify(message, 'warning');
            }}
          />
        ) : (
          <MessageBar intent="error"><MessageBarBody>No built-in layout named '{layoutId}'.</MessageBarBody></MessageBar>
        )}
      </div>
      {/* Popups float over every pane (each in a portal): one host for the page, whichever panels are open. */}
      <PopupHost conversationId={params.conversationId} filters={filters} />
    </section>
  );
}
