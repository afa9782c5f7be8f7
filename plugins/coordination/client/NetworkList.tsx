import { useEffect, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CoUrl } from '@plugins/urls/shared/public';
import type { ClusterData } from '../shared/api';
import { sharedLinksByDomain } from './graph/linkLayer';

const useStyles = makeStyles({
  root: { width: '220px', flexShrink: 0, overflow: 'auto', borderLeft: `1px solid ${tokens.colorNeutralStroke2}`, padding: tokens.spacingHorizontalXS },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  nested: { listStyle: 'none', margin: 0, paddingLeft: tokens.spacingHorizontalM },
  item: { justifyContent: 'flex-start', width: '100%', fontWeight: tokens.fontWeightRegular, textAlign: 'left' },
});

/** The layer is on but no link was shared by two or more accounts under the filters. */
export const NO_SHARED_LINKS = 'No link was shared by two or more accounts';

const accountName = (a: { rid: string; screen_name: string | null }) => (a.screen_name ? `@${a.screen_name}` : a.rid);

export interface NetworkListProps {
  clusters: readonly ClusterData[];
  /** The selected account (from the canvas or from this list): pressed here, highlighted there. */
  selectedRid: string | null;
  onAccount: (rid: string, clusterId: string) => void;
  onEdge: (clusterId: string, i: string, j: string) => void;
  /** The "Shared links" layer's links when it is on (listed by domain below the clusters); undefined when off. */
  links?: readonly CoUrl[];
  /** Opens a URL's or a domain's popup (and centres its node). */
  onLink?: (nodeType: 'links' | 'domains', ref: string) => void;
}

/**
 * The navigator's graph as lists, for keyboard and screen-reader users who cannot use the canvas: clusters fold
 * open on their accounts; choosing an account selects it (the canvas highlights and centres it, its popup opens) and
 * lists its coordination links, each opening the edge evidence. A selection made on the canvas opens its cluster here.
 */
export function NetworkList({ clusters, selectedRid, onAccount, onEdge, links, onLink }: NetworkListProps) {
  const styles = useStyles();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const selectedCluster = selectedRid ? clusters.find((c) => c.accounts.some((a) => a.rid === selectedRid))?.cluster_id ?? null : null;
  useEffect(() => {
    if (selectedCluster) setOpen((o) => (o.has(selectedCluster) ? o : new Set([...o, selectedCluster])));
  }, [selectedCluster]);
  const toggle = (id: string) => setOpen((o) => {
    const next = new Set(o);
    if (!next.delete(id)) next.add(id);
    return next;
  });

  return (
    <nav className={styles.root} aria-label="Clusters and accounts">
      <Text size={200} weight="semibold" as="p">Clusters and accounts</Text>
      <ul className={styles.list}>
        {clusters.map((c) => {
          const expanded = open.has(c.cluster_id);
          const names = new Map(c.accounts.map((a) => [a.rid, accountName(a)]));
          return (
            <li key={c.cluster_id}>
              <Button appearance="subtle" size="small" className={styles.item} aria-expanded={expanded} onClick={() => toggle(c.cluster_id)}>
                {c.cluster_id} · {c.accounts.length} accounts
              </Button>
              {expanded && (
                <ul className={styles.nested} aria-label={`Accounts of ${c.cluster_id}`}>
                  {c.accounts.map((a) => {
                    const selected = a.rid === selectedRid;
                    const links = selected ? c.edges.filter((e) => e.i === a.rid || e.j === a.rid) : [];
                    return (
                      <li key={a.rid}>
                        <Button appearance="subtle" size="small" className={styles.item} aria-pressed={selected} onClick={() => onAccount(a.rid, c.cluster_id)}>
                          {accountName(a)}
                        </Button>
                        {links.length > 0 && (
                          <ul className={styles.nested} aria-label={`Coordination links of ${accountName(a)}`}>
                            {links.map((e) => {
                              const other = e.i === a.rid ? e.j : e.i;
                              return (
                                <li key={`${e.i}|${e.j}`}>
                                  <Button appearance="transparent" size="small" className={styles.item} onClick={() => onEdge(c.cluster_id, e.i, e.j)}>
                                    Evidence with {names.get(other) ?? other}
                                  </Button>
                                </li>
                              );
                            })}
                          </ul>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {links && (
        <>
          <Text size={200} weight="semibold" as="p">Shared links</Text>
          {links.length === 0 && <Text size={200} as="p">{NO_SHARED_LINKS}</Text>}
          <ul className={styles.list} aria-label="Shared links">
            {sharedLinksByDomain(links).map((d) => (
              <li key={d.domain ?? ''}>
                {d.domain
                  ? <Button appearance="subtle" size="small" className={styles.item} onClick={() => onLink?.('domains', d.domain!)}>{d.domain}</Button>
                  : <Text size={200}>Links without a domain</Text>}
                <ul className={styles.nested} aria-label={`Links of ${d.domain ?? 'no domain'}`}>
                  {d.links.map((l) => (
                    <li key={l.url}>
                      <Button appearance="transparent" size="small" className={styles.item} title={l.url} onClick={() => onLink?.('links', l.url)}>
                        {l.url} · {l.accounts} accounts
                      </Button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}
