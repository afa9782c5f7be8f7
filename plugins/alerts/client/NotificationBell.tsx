import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button, CounterBadge, Link, Popover, PopoverSurface, PopoverTrigger, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { Alert20Regular } from '@fluentui/react-icons';
import { apiGet, apiMutate } from '@core/client/api/client';
import { useWorkbench } from '@core/client/app/hostContext';
import { navigationKey } from '@core/client/services/keys';
import { NOTIFICATIONS_PATH, notificationListSchema, notificationSchema, type Notification } from '../shared/api';
import { notificationsQueryKey } from './NotificationsSection';

/** How often the bell asks for new notifications while the app is open (alerts fire after runs, minutes apart). */
export const NOTIFICATION_POLL_MS = 30_000;

const useStyles = makeStyles({
  surface: { width: '360px', maxHeight: '420px', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, paddingBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  unread: { fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

const when = (iso: string) => `${new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;

/**
 * The header's bell (shell slot `headerActions`): the unread count of my alert notifications, and a list of the
 * newest 50; opening one marks it read and goes to its conversation's Alerts tab.
 */
export default function NotificationBell() {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const { services } = useWorkbench();
  const [open, setOpen] = useState(false);
  const inbox = useQuery({
    queryKey: notificationsQueryKey, refetchInterval: NOTIFICATION_POLL_MS,
    queryFn: () => apiGet(NOTIFICATIONS_PATH, { schema: notificationListSchema }),
  });
  const markRead = useMutation({
    mutationFn: (id: string) => apiMutate('POST', `${NOTIFICATIONS_PATH}/${encodeURIComponent(id)}/read`, { schema: notificationSchema.pick({ id: true, read_at: true }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
  const unread = inbox.data?.unread ?? 0;
  const items = inbox.data?.items ?? [];
  const openNotification = (n: Notification) => {
    if (!n.read_at) markRead.mutate(n.id);
    setOpen(false);
    if (services.has(navigationKey)) services.get(navigationKey).navigate(`/conversations/${encodeURIComponent(n.conversation_id)}/alerts`);
  };

  return (
    <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<Alert20Regular />} aria-label={`Alert notifications: ${unread} unread`} title="Alert notifications">
          {unread > 0 ? <CounterBadge size="small" count={unread} overflowCount={99} aria-hidden /> : null}
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label="Alert notifications">
        <Text weight="semibold">{`Alert notifications (${unread} unread)`}</Text>
        {inbox.isError && <Text role="alert">{inbox.error.message}</Text>}
        {inbox.data && items.length === 0 && <Text>No notifications.</Text>}
        <ul className={styles.list}>
          {items.map((n) => (
            <li key={n.id} className={styles.item} aria-label={`${n.read_at ? 'Read' : 'Unread'}: ${n.title}`}>
              <Text className={n.read_at ? undefined : styles.unread}>{n.title}</Text>
              <Text size={200}>{n.message}</Text>
              <div className={styles.actions}>
                <Text size={100}>{when(n.created_at)}</Text>
                <Link as="button" onClick={() => openNotification(n)} aria-label={`Open fired alert: ${n.title}`}>Open</Link>
                {!n.read_at && (
                  <Button size="small" appearance="subtle" onClick={() => markRead.mutate(n.id)} aria-label={`Mark read: ${n.title}`}>Mark read</Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </PopoverSurface>
    </Popover>
  );
}
