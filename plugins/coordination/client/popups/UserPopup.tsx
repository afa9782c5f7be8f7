import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { MESSAGES } from '../../shared/api';
import { useSelectionService } from '@core/client/selection/hooks';
import { useMediaSrc } from '@core/client/media';
import { accountDetailsQuery, accountUrlsQuery, nodeQuery } from '../api';
import { edgeKind } from '../kinds';
import { PopupFrame } from './PopupFrame';
import { useInsightsSections } from './insights';

const useStyles = makeStyles({
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  table: { borderCollapse: 'collapse', width: '100%', '& td, & th': { textAlign: 'left', padding: '2px 4px', wordBreak: 'break-all' } },
});

/** User popup (spec part 2 section 2): profile, Account Info, extra properties, insights, Connected Accounts, URLs. */
export function UserPopup({ conversationId, rid, clusterId, onClose }: { conversationId: string; rid: string; clusterId: string | null; onClose: () => void }) {
  const styles = useStyles();
  const selection = useSelectionService();
  const insights = useInsightsSections();
  const details = useQuery(accountDetailsQuery(conversationId, rid));
  const urls = useQuery(accountUrlsQuery(conversationId, rid));
  const node = useQuery({ ...nodeQuery(conversationId, clusterId ?? '', rid, null), enabled: clusterId !== null });
  const a = details.data;
  // Through the server's image proxy, or no image (initials) when remote media is off: never the author's host.
  const avatar = useMediaSrc(a?.avatar_url);
  const extra = a ? Object.entries(a.additional_properties).sort(([x], [y]) => x.localeCompare(y)) : [];
  const shared = urls.data ? urls.data.urls.map((url, k) => ({ url, date: urls.data!.post_dates[k] ?? '' })).sort((x, y) => y.date.localeCompare(x.date)) : [];
  const connected = node.data?.connected_accounts ?? [];
  return (
    <PopupFrame title={a?.display_name ?? a?.screen_name ?? rid} onClose={onClose}>
      {details.isLoading && <Text>Loading…</Text>}
      {!details.isLoading && !a && <Text>{MESSAGES.noUserData}</Text>}
      {a && (
        <>
          <div className={styles.head}>
            <Avatar name={a.display_name ?? a.screen_name ?? a.rid} image={avatar ? { src: avatar } : undefined} size={40} />
            <div>
              <Text block weight="semibold">{a.display_name ?? a.screen_name ?? a.rid}</Text>
              {a.screen_name && <Text block size={200}>@{a.screen_name}</Text>}
            </div>
          </div>
          {a.bio && <Text>{a.bio}</Text>}
          <Text weight="semibold">Account Info</Text>
          <table className={styles.table}><tbody>
            <tr><th>URL</th><td>{a.url ?? 'N/A'}</td></tr>
            <tr><th>Location</th><td>{a.location ?? 'N/A'}</td></tr>
            <tr><th>Created</th><td>{a.created_at ? new Date(a.created_at).toLocaleDateString() : 'N/A'}</td></tr>
          </tbody></table>
          {extra.length > 0 && (
            <table className={styles.table} aria-label="Additional properties"><tbody>
              {extra.map(([k, v]) => <tr key={k}><th>{k}</th><td>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</td></tr>)}
            </tbody></table>
          )}
          {insights
            ? <insights.Account conversationId={conversationId} account={{ rid: a.rid, platform: a.platform, screen_name: a.screen_name, url: a.url }} />
            : a.insights.length > 0 && <Text>{a.insights.length} analyst insights</Text>}
          {clusterId && (
            <>
              <Text weight="semibold">Connected Accounts ({connected.length})</Text>
              <table className={styles.table} aria-label="Connected Accounts"><tbody>
                {connected.map((c) => (
                  <tr key={c.rid}>
                    <td>
                      {/* Why are they linked: the edge popup with the proving posts. */}
                      <Button size="small" appearance="transparent" onClick={() => selection.openPopup(edgeKind, { clusterId, i: rid, j: c.rid })}>
                        {c.screen_name ? `@${c.screen_name}` : c.rid}
                      </Button>
                    </td>
                    <td>{c.weight.coordination_types.join(', ')}</td>
                  </tr>
                ))}
              </tbody></table>
            </>
          )}
          <Text weight="semibold">URLs</Text>
          {shared.length === 0
            ? <Text>{MESSAGES.noUserData}</Text>
            : (
              <table className={styles.table} aria-label="URLs">
                <thead><tr><th>url</th><th>Date Shared</th></tr></thead>
                <tbody>{shared.map((s, k) => <tr key={k}><td>{s.url}</td><td>{new Date(s.date).toLocaleString()}</td></tr>)}</tbody>
              </table>
            )}
        </>
      )}
    </PopupFrame>
  );
}
