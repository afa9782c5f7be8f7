import { useQuery } from '@tanstack/react-query';
import { Dialog, DialogBody, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { apiGet } from '@core/client/api/client';
import type { PayloadOf } from '@core/client/selection/kinds';
import type { PopupRendererProps } from '@core/client/selection/selectionService';
import { ACCOUNTS_PATH, actorSchema } from '@plugins/coordination/shared/public';
import { InsightDialog } from '../dialogs/InsightDialog';
import type { insightDialogKind } from '../kinds';

type Payload = PayloadOf<typeof insightDialogKind>;

/**
 * What core's popup host draws for `insights.dialog`. Opened on an account known only by its id (the "Add insight
 * on selected account" command), it first reads the account's platform, handle and link in the conversation
 * (GET /api/v2/accounts/{rid}/details) to fill them in; an account the call does not know keeps its id only.
 */
export function InsightDialogRenderer({ payload, conversationId, close }: PopupRendererProps<Payload>) {
  const rid = payload.mode === 'add' ? payload.accountRid : undefined;
  const details = useQuery({
    queryKey: ['insights', 'account', conversationId, rid],
    enabled: rid !== undefined,
    retry: false,
    queryFn: () => apiGet(`${ACCOUNTS_PATH}/${encodeURIComponent(rid!)}/details`, { query: { conversation_id: conversationId }, schema: actorSchema }),
  });
  if (payload.mode === 'add' && rid !== undefined) {
    if (details.isLoading) {
      return (
        <Dialog open onOpenChange={(_, d) => { if (!d.open) close(); }}>
          <DialogSurface><DialogBody><DialogTitle>Add insight</DialogTitle><Spinner label="Loading the account…" /></DialogBody></DialogSurface>
        </Dialog>
      );
    }
    const a = details.data;
    const initial = {
      ...payload.initial,
      ...(a ? { platform: a.platform, screen_name: a.screen_name ?? '', link: a.url ?? '' } : {}),
    };
    return <InsightDialog target={{ mode: 'add', initial }} onClose={close} />;
  }
  return <InsightDialog target={payload} onClose={close} />;
}
