import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { ANALYTICS_EVENTS_PATH, analyticsEventsResponseSchema } from '@core/shared/analytics/api';
import { apiMutate } from '../api/client';
import type { CommandRegistry } from '../commands/registry';
import { useCurrentUser } from '../session/SessionContext';
import { AnalyticsReporter, type SendBatch } from './reporter';

const sendToServer: SendBatch = async (body) => {
  await apiMutate('POST', ANALYTICS_EVENTS_PATH, { body, schema: analyticsEventsResponseSchema });
};

/**
 * While the server has product analytics on (`analytics` of user/current), reports which pages (by route pattern,
 * never the ids in the address) and commands the signed-in user uses, identified by user id, e-mail and organisation.
 */
export function useProductAnalytics(commands: CommandRegistry, send: SendBatch = sendToServer): void {
  const router = useRouter();
  const current = useCurrentUser();
  const enabled = current?.analytics === true;
  const userId = current?.user.id;
  const email = current?.user.email;
  const organizationId = current?.claims.organization_id;

  useEffect(() => {
    if (!enabled || !userId || !email || !organizationId) return;
    const reporter = new AnalyticsReporter(send);
    reporter.identify({ user_id: userId, email, organization_id: organizationId });
    // Once per address: the first resolution may be seen both by the mount and by the subscription.
    let lastHref: string | null = null;
    const pageView = () => {
      const deepest = router.state.matches.at(-1);
      const href = router.state.location.href;
      if (!deepest || href === lastHref) return;
      lastHref = href;
      reporter.track('page_view', deepest.routeId);
    };
    pageView();
    const unsubscribeRouter = router.subscribe('onResolved', pageView);
    const unsubscribeCommands = commands.onRun((id) => reporter.track('command_run', id));
    // A closing tab sends what it gathered.
    const onHide = () => { void reporter.flush(); };
    window.addEventListener('pagehide', onHide);
    return () => {
      unsubscribeRouter();
      unsubscribeCommands();
      window.removeEventListener('pagehide', onHide);
      void reporter.stop();
    };
  }, [enabled, userId, email, organizationId, router, commands, send]);
}
