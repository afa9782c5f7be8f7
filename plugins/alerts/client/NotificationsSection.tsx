import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, CounterBadge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { apiGet, apiMutate } from '@core/client/api/client';
import { NOTIFICATIONS_PATH, notificationListSchema, notificationSchema } from '../shared/api';

const useStyles = makeStyles({
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  unread: { fontWeight: tokens.fontWeightSemibold },
});

export const notificationsQueryKey = ['alerts', 'notifications'] as const;

/** The signed-in user's alert notifications (all conversations), the unread count, and marking one read. */
export default function NotificationsSection() {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const inbox = useQuery({ queryKey: notificationsQueryKey, queryFn: () => apiGet(NOTIFICATIONS_PATH, { schema: notificationListSchema }) });
  const markRead = useMutation({
    mutationFn: (id: string) => apiMutate('POST', `/api/v2/alerts/notifications/${encodeURIComponent(id)}/read`, { schema: notificationSchema.pick({ id: true, read_at: true }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
  return (
    <section aria-label="My alert notifications">
      <div className={styles.head}>
        <Text weight="semibold">My alert notifications</Text>
        <CounterBadge aria-label={`${inbox.data?.unread ?? 0} unread`} count={inbox.data?.unread ?? 0} showZero />
      </div>
      {inbox.isError && <Text role="alert">{(inbox.error as Error).message}</Text>}
      {inbox.data && inbox.data.items.length === 0 && <Text>No notifications.</Text>}
      <ul className={styles.list}>
        {inbox.data?.items.map((n) => (
          <li key={n.id} className={n.read_at ? undefined : styles.unread}>
            <Text size={200}>{n.message}</Text>{' '}
            {!n.read_at && <Button size="small" appearance="subtle" onClick={() => markRead.mutate(n.id)} aria-label={`Mark read: ${n.title}`}>Mark read</Button>}
          </li>
        ))}
      </ul>
    </section>
  );
}
