import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { CommandPalette, useGlobalKeybindings } from '../commands';
import { useProductAnalytics } from '../analytics/useProductAnalytics';
import type { CommandContext } from '../plugin/contract';
import { workspaceContextFields } from '../workspace/workspaceService';
import { useWorkbench } from '../app/hostContext';
import { useNotify } from '../app/notifications';
import { reportLog } from '../api/logReporter';
import { Header } from './Header';
import { MfaBanner } from './MfaBanner';
import { useSkipLinkStyles } from './skipLinkStyles';
import { useShellServices } from './useShellServices';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100vh', backgroundColor: tokens.colorNeutralBackground1 },
  main: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  loading: { flex: 1, display: 'grid', placeItems: 'center' },
});

/** The skip link's target. */
const MAIN_ID = 'main-content';

/** Reads conversation, project, tab and subtab from the current path (both route shapes of spec part 1 §2). */
export function routeContextFromPath(pathname: string) {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'conversations' && parts[1]) {
    return { conversationId: parts[1], projectName: null, tab: parts[2] ?? null, subtab: parts[3] ?? null };
  }
  if (parts[0] === 'projects' && parts[1]) {
    return { conversationId: parts[2] ?? null, projectName: parts[1], tab: parts[3] ?? null, subtab: parts[4] ?? null };
  }
  return { conversationId: null, projectName: null, tab: null, subtab: null };
}

/** The authenticated application shell: header, warning banner, page, command palette and global shortcuts. */
export default function Shell() {
  const styles = useStyles();
  const skip = useSkipLinkStyles();
  const host = useWorkbench();
  const notify = useNotify();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [paletteOpen, setPaletteOpen] = useState(false);
  const HeaderActions = host.slots.headerActions;
  useShellServices(host.services);
  useProductAnalytics(host.commands);

  const getContext = useCallback((): CommandContext => ({
    ...routeContextFromPath(pathname),
    ...workspaceContextFields(host.services),
    services: host.services,
  }), [pathname, host.services]);
  // `execute(id, args)` from panels and other commands runs in the same context as the palette.
  useEffect(() => host.commands.setContextProvider(getContext), [host.commands, getContext]);
  const onError = useCallback((error: unknown, id: string) => {
    const message = `Command ${id} failed: ${(error as Error).message}`;
    reportLog('error', message);
    notify(message, 'error');
  }, [notify]);
  useGlobalKeybindings(host.commands, getContext, { onError, enabled: !paletteOpen });

  return (
    <div className={styles.root}>
      <button type="button" className={skip.link} onClick={() => document.getElementById(MAIN_ID)?.focus()}>Skip to main content</button>
      <Header onOpenPalette={() => setPaletteOpen(true)} actions={HeaderActions ? <Suspense fallback={null}><HeaderActions /></Suspense> : null} />
      <MfaBanner />
      <main className={styles.main} id={MAIN_ID} tabIndex={-1}>
        <Suspense fallback={<div className={styles.loading}><Spinner label="Loading…" /></div>}>
          <Outlet />
        </Suspense>
      </main>
      <CommandPalette registry={host.commands} getContext={getContext} open={paletteOpen} onOpenChange={setPaletteOpen} onError={onError} />
    </div>
  );
}
