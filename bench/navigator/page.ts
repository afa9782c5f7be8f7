/**
 * The network navigator's drawing for `bench/navigator.bench.ts`: a synthetic coordination graph built with the
 * navigator's own `buildCoordinationGraph`, drawn by sigma with the navigator's `rendererSettings` and
 * `highlightReducers`, hover and click wired as in the panel, ForceAtlas2 in its web worker. The page records the
 * main thread's frames (requestAnimationFrame intervals) and how long each input waits for the next frame.
 */
import { inferSettings } from 'graphology-layout-forceatlas2';
import FA2Layout from 'graphology-layout-forceatlas2/worker';
import Sigma from 'sigma';
import { EdgeRectangleProgram } from 'sigma/rendering';
import { buildCoordinationGraph, type EdgeAttributes, type NodeAttributes } from '../../plugins/coordination/client/graph/buildGraph';
import { highlightModeFor, highlightReducers, refreshForHover } from '../../plugins/coordination/client/graph/highlight';
import { rendererSettings } from '../../plugins/coordination/client/graph/renderer';
import { startLayout, type RunningLayout } from '../../plugins/coordination/client/graph/layout';
import type { ClusterData } from '../../plugins/coordination/shared/api';

const params = new URLSearchParams(location.search);
const ACCOUNTS = Number(params.get('accounts'));
const EDGES = Number(params.get('edges'));
const CLUSTER_SIZE = 50;
/**
 * `?reference=1` draws the way the navigator did before large graphs were treated apart (the reference run):
 * sigma's default quad edges, every ForceAtlas2 iteration handed to the drawn graph, hover fading the whole graph.
 */
const REFERENCE = params.get('reference') === '1';

let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

function syntheticClusters(): ClusterData[] {
  const clusters: ClusterData[] = [];
  for (let c = 0; c * CLUSTER_SIZE < ACCOUNTS; c++) {
    const rids = Array.from({ length: Math.min(CLUSTER_SIZE, ACCOUNTS - c * CLUSTER_SIZE) }, (_, k) => `a${c * CLUSTER_SIZE + k}`);
    const per = Math.round((EDGES * rids.length) / ACCOUNTS);
    const edges = Array.from({ length: per }, () => ({
      i: rids[Math.floor(rnd() * rids.length)]!, j: rids[Math.floor(rnd() * rids.length)]!, weight: 1 + rnd() * 5, coordination_types: ['SYNCHRONOUS_URL_SHARE'],
    }));
    clusters.push({
      cluster_id: `c${c + 1}`, platform: 'twitter', coordinations: [], edges,
      accounts: rids.map((rid) => ({ id: 0, rid, platform: 'twitter', screen_name: rid, display_name: null, profile_url: null, avatar_url: null, topic_id: null })),
    } as unknown as ClusterData);
  }
  return clusters;
}

const t0 = performance.now();
const graph = buildCoordinationGraph(syntheticClusters(), { grouping: 'coordinationCluster' });
// Cross-cluster edges make one hairball rather than islands: the harder case for drawing and layout.
for (let k = 0; graph.size < EDGES && k < EDGES * 2; k++) {
  const s = `accounts:a${Math.floor(rnd() * ACCOUNTS)}`;
  const t = `accounts:a${Math.floor(rnd() * ACCOUNTS)}`;
  if (s !== t && !graph.hasEdge(s, t)) graph.addEdge(s, t, { edgeType: 'accountCoordinationEvidenceAccounts', weight: 1, size: 0.5, color: '#ccc', coordinationTypes: [], clusterId: null });
}
const buildMs = performance.now() - t0;

const t1 = performance.now();
const sigma = new Sigma<NodeAttributes, EdgeAttributes>(graph, document.getElementById('g')!, { ...rendererSettings(graph.order, graph.size), ...(REFERENCE ? { edgeProgramClasses: { line: EdgeRectangleProgram } } : {}) });
const firstDrawMs = performance.now() - t1;

// Hover and click as NetworkNavigatorPanel wires them.
let hovered: string | null = null;
const mode = REFERENCE ? 'fade' : highlightModeFor(graph.order, graph.size);
const reducers = highlightReducers(graph, { mode, hidden: new Set(), hovered: () => hovered, selected: null });
sigma.setSetting('nodeReducer', reducers.nodeReducer);
sigma.setSetting('edgeReducer', reducers.edgeReducer);
const hover = (node: string | null) => { const previous = hovered; hovered = node; refreshForHover(sigma, graph, mode, previous, node); };
sigma.on('enterNode', ({ node }) => hover(node));
sigma.on('leaveNode', () => hover(null));
const clicks: number[] = [];
sigma.on('clickNode', ({ event }) => { clicks.push(performance.now() - (event.original as MouseEvent).timeStamp); });

// Frames and input-to-frame delays.
let frames: number[] | null = null;
let inputDelays: number[] = [];
let pendingInput: number | null = null;
let last = performance.now();
const onFrame = (now: number) => {
  if (frames) frames.push(now - last);
  // (the frame's timestamp can precede an input handled in the same frame: measure to when the frame's callbacks run)
  if (pendingInput !== null) { inputDelays.push(performance.now() - pendingInput); pendingInput = null; }
  last = now;
  requestAnimationFrame(onFrame);
};
requestAnimationFrame(onFrame);
for (const type of ['mousemove', 'wheel', 'mousedown'] as const) {
  window.addEventListener(type, (e) => { if (pendingInput === null) pendingInput = e.timeStamp; }, { capture: true, passive: true });
}

// Main-thread tasks over 50 ms (Chromium's long tasks): how long the page could not answer input at all.
let windowStart = 0;
const longTasks: Array<{ start: number; duration: number }> = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask' });

let layout: Pick<RunningLayout, 'kill'> | null = null;
let scripted = 0;

const api = {
  ready: { nodes: graph.order, edges: graph.size, buildMs, firstDrawMs, mode },
  start() { frames = []; inputDelays = []; clicks.length = 0; pendingInput = null; last = windowStart = performance.now(); longTasks.length = 0; },
  stop() {
    const elapsed = performance.now() - windowStart;
    const tasks = longTasks.filter((t) => t.start >= windowStart).map((t) => t.duration);
    const result = { frames: frames ?? [], inputDelays, clicks: [...clicks], elapsed, longestTask: Math.max(0, ...tasks), blocked: tasks.reduce((a, b) => a + b, 0) };
    frames = null;
    return result;
  },
  /** moves the camera from script every frame: sigma does not count it as a user move, so it draws every edge */
  scriptedCamera(ms: number) {
    const end = performance.now() + ms;
    return new Promise<void>((done) => {
      const tick = (now: number) => {
        sigma.getCamera().setState({ x: 0.5 + 0.2 * Math.sin(now / 500), y: 0.5, ratio: 0.6 + 0.3 * Math.cos(now / 700) });
        if (now < end) scripted = requestAnimationFrame(tick); else done();
      };
      scripted = requestAnimationFrame(tick);
    });
  },
  stopScripted() { cancelAnimationFrame(scripted); },
  /** back to the whole graph once the wheel's animations are over, and drawn (viewport positions use the last frame) */
  async resetCamera() {
    const camera = sigma.getCamera();
    while (camera.isAnimated()) await new Promise((r) => setTimeout(r, 50));
    camera.setState({ x: 0.5, y: 0.5, ratio: 1, angle: 0 });
    await new Promise<void>((r) => sigma.once('afterRender', () => r()));
  },
  /** viewport positions of a few drawn nodes (for hover and click) */
  nodePositions(n: number) {
    const out: Array<{ x: number; y: number }> = [];
    const { width, height } = sigma.getDimensions();
    const step = Math.max(1, Math.floor(graph.order / (n * 4)));
    let k = 0;
    graph.forEachNode((node, attributes) => {
      if (out.length >= n || k++ % step !== 0) return;
      const p = sigma.graphToViewport(attributes);
      // not under another target's hover radius, and inside the canvas
      if (p.x > 20 && p.y > 20 && p.x < width - 20 && p.y < height - 20 && out.every((q) => Math.hypot(q.x - p.x, q.y - p.y) > 60)) out.push(p);
    });
    return out;
  },
  startLayout() {
    if (!REFERENCE) { layout = startLayout(graph, 60_000); return; }
    const direct = new FA2Layout(graph, { settings: { ...inferSettings(graph), barnesHutOptimize: graph.order > 2000 }, getEdgeWeight: 'weight' });
    direct.start();
    layout = direct;
  },
  stopLayout() { layout?.kill(); layout = null; },
};
(window as unknown as { __navigator: typeof api }).__navigator = api;
