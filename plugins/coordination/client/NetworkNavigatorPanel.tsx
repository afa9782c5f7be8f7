import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import Sigma from 'sigma';
import type { PanelProps } from '@core/client/plugin/contract';
import { motionMs } from '@core/client/motion';
import { useSelected, useSelectionService } from '@core/client/selection/hooks';
import { accountKind } from '@core/client/selection/kinds';
import { decodeViz, encodeViz, withVizDefaults } from '@core/shared/filters';
import { GRAPH_ACCOUNTS_DEFAULT, MESSAGES } from '../shared/api';
import { clusterQuery, clustersQuery, edgeQuery, graphQuery, sharedLinksQuery, topicsQuery } from './api';
import { addSharedLinks } from './graph/linkLayer';
import { useUrlsSections } from './popups/urlsSections';
import { addTopicNodes } from './graph/topics';
import { highlightModeFor, highlightReducers, refreshForHover } from './graph/highlight';
import { rendererSettings } from './graph/renderer';
import { startLayout } from './graph/layout';
import { addEdgeEvidence, buildCoordinationGraph, groupingFor, nodeKey, hiddenByPreset, legend, searchNodes, type EdgeAttributes, type NavigatorGraph, type NodeAttributes } from './graph/buildGraph';
import { isPreset, NODE_TYPE_LABELS, PRESETS, type PresetId } from './graph/model';
import { showAccount } from './actions';
import { edgeKind, genericEdgeKind, graphNodeKind } from './kinds';
import { edgeEnds } from './graph/edgeEnds';
import { useNavigatorCommands } from './navigatorCommands';
import { NetworkList } from './NetworkList';

/** ForceAtlas2 runs in a web worker for at most this long, then stops so an idle graph costs nothing. */
const LAYOUT_MS = 4000;

const useStyles = makeStyles({
  root: { position: 'relative', height: '100%', display: 'flex', flexDirection: 'column' },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, padding: tokens.spacingHorizontalXS, alignItems: 'center' },
  body: { flex: 1, minHeight: 0, display: 'flex' },
  canvas: { flex: 1, minHeight: '240px', position: 'relative' },
  legend: { position: 'absolute', left: '8px', bottom: '8px', backgroundColor: tokens.colorNeutralBackground1, padding: '4px 8px', fontSize: '12px', opacity: 0.9,
    maxWidth: '40%', maxHeight: '40%', overflowY: 'auto', whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflowX: 'hidden' },
  swatch: { display: 'inline-block', width: '10px', height: '10px', borderRadius: '50%', marginRight: '4px' },
});

function readViz() {
  return decodeViz(withVizDefaults(typeof window === 'undefined' ? '' : window.location.search));
}

/**
 * The network navigator: accounts linked by coordination evidence (sigma, WebGL), laid out by ForceAtlas2 in a
 * web worker. Click an account for its profile popup, an edge for the evidence (which also adds its posts, links
 * and hashtags to the graph); search, zoom, fit, presets (`viz:preset`) and a legend of the groups.
 */
export default function NetworkNavigatorPanel({ paneId, conversationId, filters }: PanelProps<Record<string, never>>) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const container = useRef<HTMLDivElement>(null);
  const sigmaRef = useRef<Sigma<NodeAttributes, EdgeAttributes> | null>(null);
  const hovered = useRef<string | null>(null);
  const [search, setSearch] = useState('');
  const selection = useSelectionService();
  const selectedRid = useSelected(accountKind)?.rid ?? null;
  const [preset, setPreset] = useState<PresetId>(() => { const p = readViz().preset; return isPreset(p) ? p : 'narrative'; });
  // The "Shared links" layer: co-shared URLs and their domains tied to the accounts that posted them. Offered when the
  // URLs plugin (which answers co-urls) is installed.
  const linksAvailable = useUrlsSections() !== null;
  const [showLinks, setShowLinks] = useState(false);
  const toggleSharedLinks = useCallback(() => setShowLinks((on) => !on), []);
  // The preset lives in the URL (viz:preset) so a shared link opens the same view. The first run is the URL's own
  // value (or the default, which the URL may leave out): skip it.
  const firstPresetRun = useRef(true);
  useEffect(() => {
    if (firstPresetRun.current) { firstPresetRun.current = false; return; }
    if (readViz().preset === preset) return;
    const params = encodeViz({ ...readViz(), preset }, window.location.search);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params.toString()}${window.location.hash}`);
  }, [preset]);

  const list = useQuery({ ...clustersQuery(conversationId ?? '', filters), enabled: !!conversationId });
  // Topic groups are named by their narrative's title (the topics plugin's list; ids until it answers).
  // No retries: without topics the graph is drawn without titles rather than seconds later.
  const topics = useQuery({ ...topicsQuery(conversationId ?? ''), enabled: !!conversationId, retry: false });
  const topicTitles = useMemo(() => new Map((topics.data?.narratives ?? []).map((n) => [n.id, n.title])), [topics.data]);
  // The whole graph in one call: the largest clusters up to the server's account cap (issue 8: ~20k accounts).
  const graphAnswer = useQuery({ ...graphQuery(conversationId ?? '', filters), enabled: !!conversationId });
  const clusters = useMemo(() => graphAnswer.data?.clusters ?? [], [graphAnswer.data]);
  const drawnAccounts = useMemo(() => clusters.reduce((n, c) => n + c.accounts.length, 0), [clusters]);
  // The cluster popup and commands ask for one cluster's data: they find the drawn ones already loaded.
  useEffect(() => {
    for (const c of clusters) queryClient.setQueryData(clusterQuery(conversationId ?? '', c.cluster_id, filters).queryKey, c);
  }, [clusters, conversationId, filters, queryClient]);
  // viz:cluster=topicId (the default) groups accounts by their topic when the run has topics, else by cluster.
  const topicOf = useMemo(() => new Map(clusters.flatMap((c) => c.accounts.flatMap((a) => (a.topic_id ? [[a.rid, a.topic_id] as const] : [])))), [clusters]);
  const grouping = groupingFor(readViz().cluster, topicOf.size > 0);
  // Topic nodes carry their narrative's title: the graph waits for the topics answer (or its failure: no topics plugin).
  const topicsSettled = !topics.isLoading;
  const sharedLinks = useQuery({ ...sharedLinksQuery(conversationId ?? '', filters), enabled: !!conversationId && linksAvailable && showLinks });
  const layerLinks = useMemo(() => (showLinks ? sharedLinks.data ?? [] : []), [showLinks, sharedLinks.data]);
  const graph = useMemo<NavigatorGraph | null>(() => {
    if ((!clusters.length && !layerLinks.length) || !topicsSettled) return null;
    const g = buildCoordinationGraph(clusters, { grouping, topicOf });
    addTopicNodes(g, topicOf, topicTitles);
    addSharedLinks(g, layerLinks);
    return g;
  }, [clusters, grouping, topicOf, topicTitles, topicsSettled, layerLinks]);
  const hidden = useMemo(() => {
    if (!graph) return new Set<string>();
    const byPreset = hiddenByPreset(graph, preset);
    // The layer was asked for: its nodes show whatever the preset.
    for (const n of [...byPreset]) if (graph.getNodeAttribute(n, 'linkLayer')) byPreset.delete(n);
    return byPreset;
  }, [graph, preset]);

  /** A coordination edge's popup; its evidence (posts, links, hashtags) joins the graph. */
  const openEvidence = useCallback((g: NavigatorGraph, clusterId: string, i: string, j: string) => {
    if (!conversationId) return;
    selection.openPopup(edgeKind, { clusterId, i, j });
    void queryClient.fetchQuery(edgeQuery(conversationId, clusterId, i, j, filters)).then((d) => { if (d) addEdgeEvidence(g, d); });
  }, [conversationId, filters, queryClient, selection]);

  useEffect(() => {
    if (!graph || !container.current) return;
    const sigma = new Sigma<NodeAttributes, EdgeAttributes>(graph, container.current, rendererSettings(graph.order, graph.size));
    sigmaRef.current = sigma;
    const layout = startLayout(graph, LAYOUT_MS);
    const mode = highlightModeFor(graph.order, graph.size);
    const hover = (node: string | null) => {
      const previous = hovered.current;
      hovered.current = node;
      refreshForHover(sigma, graph, mode, previous, node);
    };
    sigma.on('enterNode', ({ node }) => hover(node));
    sigma.on('leaveNode', () => hover(null));
    sigma.on('clickNode', ({ node }) => {
      const a = graph.getNodeAttributes(node);
      if (a.nodeType === 'accounts') showAccount(selection, a.ref, a.clusterId);
      else selection.openPopup(graphNodeKind, { nodeType: a.nodeType, ref: a.ref, label: a.label, ...(a.postId !== undefined ? { postId: a.postId } : {}) });
    });
    sigma.on('clickEdge', ({ edge }) => {
      const e = graph.getEdgeAttributes(edge);
      // Any edge but a coordination edge opens the generic edge popup: action node, sentence, receiver node.
      if (e.edgeType !== 'accountCoordinationEvidenceAccounts') { selection.openPopup(genericEdgeKind, edgeEnds(graph, edge)); return; }
      if (!e.clusterId) return;
      openEvidence(graph, e.clusterId, graph.getNodeAttribute(graph.source(edge), 'ref'), graph.getNodeAttribute(graph.target(edge), 'ref'));
    });
    return () => {
      layout.kill();
      sigma.kill();
      sigmaRef.current = null;
    };
  }, [graph, selection, openEvidence]);

  // Reducers: the preset hides node types; hovering or selecting highlights a node's neighbours.
  useEffect(() => {
    const sigma = sigmaRef.current;
    if (!sigma || !graph) return;
    const reducers = highlightReducers(graph, { mode: highlightModeFor(graph.order, graph.size), hidden, hovered: () => hovered.current, selected: selectedRid ? `accounts:${selectedRid}` : null });
    sigma.setSetting('nodeReducer', reducers.nodeReducer);
    sigma.setSetting('edgeReducer', reducers.edgeReducer);
  }, [graph, hidden, selectedRid]);

  // Sigma's own 150 ms glides, or jumps with reduced motion.
  const fit = () => void sigmaRef.current?.getCamera().animatedReset({ duration: motionMs(150) });
  function focusNode(node: string) {
    const sigma = sigmaRef.current;
    const pos = sigma?.getNodeDisplayData(node);
    if (!sigma || !pos) return;
    void sigma.getCamera().animate({ x: pos.x, y: pos.y, ratio: 0.15 }, { duration: motionMs(400) });
  }
  // Fit, focus, presets, exports and "expand neighbourhood" from the palette act on this pane's graph and camera.
  useNavigatorCommands({ paneId, conversationId, filters, graph, fit, focusNode, setPreset, toggleSharedLinks: linksAvailable ? toggleSharedLinks : null });
  const openLinkNode = (nodeType: 'links' | 'domains', ref: string) => {
    selection.openPopup(graphNodeKind, { nodeType, ref, label: ref });
    focusNode(nodeKey(nodeType, ref));
  };

  if (!conversationId) return <Text>Open a conversation to see its network.</Text>;
  const hits = graph && search ? searchNodes(graph, search) : [];
  return (
    <div className={styles.root}>
      <div className={styles.bar} role="toolbar" aria-label="Network navigator">
        {(Object.keys(PRESETS) as PresetId[]).map((p) => (
          <Button key={p} size="small" appearance={p === preset ? 'primary' : 'secondary'} aria-pressed={p === preset} onClick={() => setPreset(p)}>{PRESETS[p].label}</Button>
        ))}
        <Input size="small" aria-label="Search the graph" placeholder="Search accounts, links, hashtags" value={search}
          onChange={(_, d) => setSearch(d.value)} onKeyDown={(e) => { if (e.key === 'Enter' && hits[0]) focusNode(hits[0]); }} />
        <Button size="small" aria-label="Zoom in" onClick={() => void sigmaRef.current?.getCamera().animatedZoom({ duration: motionMs(150) })}>+</Button>
        <Button size="small" aria-label="Zoom out" onClick={() => void sigmaRef.current?.getCamera().animatedUnzoom({ duration: motionMs(150) })}>−</Button>
        <Button size="small" onClick={fit}>Fit</Button>
        {linksAvailable && (
          <Button size="small" appearance={showLinks ? 'primary' : 'secondary'} aria-pressed={showLinks} onClick={toggleSharedLinks}>Show shared links</Button>
        )}
        {graph && <Text size={200} data-testid="graph-size">{graph.order} nodes · {graph.size} edges</Text>}
        {graphAnswer.data?.truncated && (
          <Text size={200} data-testid="graph-truncated">
            {clusters.length > 0
              ? `Showing the ${clusters.length} largest clusters (${drawnAccounts.toLocaleString()} accounts)`
              : `The largest cluster has more than ${GRAPH_ACCOUNTS_DEFAULT.toLocaleString()} accounts, too many to draw: the cluster list has it`}
          </Text>
        )}
      </div>
      <div className={styles.body}>
      <div className={styles.canvas} ref={container} data-testid="network-canvas">
        {list.isSuccess && (list.data?.clusters.length ?? 0) === 0 && <Text>{MESSAGES.noCoordination}</Text>}
        {(list.isError || graphAnswer.isError) && <Text role="alert">{MESSAGES.clusterLoadError}</Text>}
        {graph && (
          // A Tab stop: the legend scrolls when it is taller than its room, and keyboard users must be able to scroll it.
          <div className={styles.legend} role="group" aria-label="Legend" tabIndex={0}>
            {legend(graph).slice(0, 12).map((l) => (
              <div key={l.group}><span className={styles.swatch} style={{ backgroundColor: l.color }} />{grouping === 'topicId' ? (topicTitles.get(l.group) ?? `Topic ${l.group}`) : `Cluster ${l.group}`} ({l.accounts})</div>
            ))}
            <div>{PRESETS[preset].nodeTypes.map((t) => NODE_TYPE_LABELS[t]).join(' · ')}</div>
          </div>
        )}
      </div>
      {graph && (
        <NetworkList
          clusters={clusters}
          selectedRid={selectedRid}
          onAccount={(rid, clusterId) => { showAccount(selection, rid, clusterId); focusNode(nodeKey('accounts', rid)); }}
          onEdge={(clusterId, i, j) => openEvidence(graph, clusterId, i, j)}
          links={showLinks ? layerLinks : undefined}
          onLink={openLinkNode}
        />
      )}
      </div>
    </div>
  );
}
