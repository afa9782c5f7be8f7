import { useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useRouterState } from '@tanstack/react-router';
import { useWorkbench } from '@core/client/app/hostContext';
import { useCurrentUser } from '@core/client/session/SessionContext';
import type { Conversation } from '../shared/api';
import { canSeeRerun, rerunDisabledReason } from '../shared/rules';
import { selectConversation, selectError, selectRerunInFlight } from './lifecycleMachine';
import { lifecyclesKey } from './lifecycleRegistry';

/** The signed-in user's organisation, roles and permissions (null when signed out). */
export function useSessionInfo() {
  const current = useCurrentUser();
  return useMemo(() => (current ? {
    organizationId: current.user.organization_id,
    roles: current.roles,
    permissions: current.user.permissions,
    features: current.features,
  } : null), [current]);
}

/**
 * A conversation as its shared lifecycle actor sees it (`fetchedAt`: when the view's copy was fetched): the server's data with the optimistic re-run applied, the
 * re-run rules (visible, disabled and why), and `rerun()`.
 */
export function useLifecycle(conversation: Conversation, fetchedAt?: number) {
  const registry = useWorkbench().services.get(lifecyclesKey);
  const actor = registry.get(conversation);
  useEffect(() => { registry.sync(conversation, fetchedAt); }, [registry, conversation, fetchedAt]);
  const live = useSelector(actor, selectConversation);
  const inFlight = useSelector(actor, selectRerunInFlight);
  const error = useSelector(actor, selectError);
  const session = useSessionInfo();
  return {
    conversation: live,
    status: live.status,
    rerunInFlight: inFlight,
    rerunError: error,
    rerunVisible: canSeeRerun(live, session),
    rerunDisabledReason: rerunDisabledReason(live.status, inFlight),
    rerun: () => actor.send({ type: 'RERUN' }),
    dismissError: () => actor.send({ type: 'DISMISS_ERROR' }),
  };
}

/** Project and conversation named by the current path (both route shapes of spec part 1 section 2). */
export function useRouteSelection() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return useMemo(() => routeSelection(pathname), [pathname]);
}

export function routeSelection(pathname: string): { projectName: string | null; conversationId: string | null } {
  const parts = pathname.split('/').filter(Boolean).map((p) => { try { return decodeURIComponent(p); } catch { return p; } });
  if (parts[0] === 'conversations' && parts[1]) return { projectName: null, conversationId: parts[1] };
  if (parts[0] === 'projects' && parts[1]) return { projectName: parts[1], conversationId: parts[2] ?? null };
  return { projectName: null, conversationId: null };
}

export const projectPath = (name: string) => `/projects/${encodeURIComponent(name)}`;
export const conversationPath = (projectName: string | null, id: string) =>
  projectName ? `/projects/${encodeURIComponent(projectName)}/${id}` : `/conversations/${id}`;

/** Last-run time as the picker shows it: UTC, minutes. */
export function formatRunTime(iso: string | null): string {
  if (!iso) return 'Never run';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Never run';
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}
