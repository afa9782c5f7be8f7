import type { EdgeData } from '../../shared/api';
import type { NavigatorGraph } from './buildGraph';
import { csvText } from '@core/shared/csv/cells';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
  // Characters XML 1.0 forbids (control characters in hostile post text) would make Gephi refuse the file.
  // eslint-disable-next-line no-control-regex
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** GEXF 1.3 (Gephi's own format): nodes with label, type, group and position; weighted edges with their type. */
export function toGexf(graph: NavigatorGraph): string {
  const nodes: string[] = [];
  graph.forEachNode((n, a) => {
    nodes.push(`      <node id="${xml(n)}" label="${xml(a.label)}"><attvalues><attvalue for="type" value="${a.nodeType}"/><attvalue for="group" value="${xml(a.group ?? '')}"/><attvalue for="cluster" value="${xml(a.clusterId ?? '')}"/></attvalues><viz:position x="${a.x}" y="${a.y}" z="0"/><viz:size value="${a.size}"/></node>`);
  });
  const edges: string[] = [];
  let id = 0;
  graph.forEachEdge((_e, a, s, t) => {
    edges.push(`      <edge id="${id++}" source="${xml(s)}" target="${xml(t)}" weight="${a.weight}"><attvalues><attvalue for="type" value="${a.edgeType}"/><attvalue for="coordination_types" value="${a.coordinationTypes.join(' ')}"/></attvalues></edge>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gexf xmlns="http://gexf.net/1.3" xmlns:viz="http://gexf.net/1.3/viz" version="1.3">',
    '  <graph defaultedgetype="undirected">',
    '    <attributes class="node"><attribute id="type" title="type" type="string"/><attribute id="group" title="group" type="string"/><attribute id="cluster" title="cluster" type="string"/></attributes>',
    '    <attributes class="edge"><attribute id="type" title="type" type="string"/><attribute id="coordination_types" title="coordination_types" type="string"/></attributes>',
    '    <nodes>', ...nodes, '    </nodes>',
    '    <edges>', ...edges, '    </edges>',
    '  </graph>',
    '</gexf>',
    '',
  ].join('\n');
}

/** GraphML: the same graph for yEd, Cytoscape, NetworkX and Gephi. */
export function toGraphml(graph: NavigatorGraph): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
    '  <key id="label" for="node" attr.name="label" attr.type="string"/>',
    '  <key id="type" for="node" attr.name="type" attr.type="string"/>',
    '  <key id="group" for="node" attr.name="group" attr.type="string"/>',
    '  <key id="etype" for="edge" attr.name="type" attr.type="string"/>',
    '  <key id="weight" for="edge" attr.name="weight" attr.type="double"/>',
    '  <key id="ctypes" for="edge" attr.name="coordination_types" attr.type="string"/>',
    '  <graph id="coordination" edgedefault="undirected">',
  ];
  graph.forEachNode((n, a) => out.push(`    <node id="${xml(n)}"><data key="label">${xml(a.label)}</data><data key="type">${a.nodeType}</data><data key="group">${xml(a.group ?? '')}</data></node>`));
  graph.forEachEdge((_e, a, s, t) => out.push(`    <edge source="${xml(s)}" target="${xml(t)}"><data key="etype">${a.edgeType}</data><data key="weight">${a.weight}</data><data key="ctypes">${a.coordinationTypes.join(' ')}</data></edge>`));
  out.push('  </graph>', '</graphml>', '');
  return out.join('\n');
}

// Numbers are never formulas (a negative delta stays a number); text goes through the one CSV rule (CSV injection).
const csvCell = (v: string | number | null) => (typeof v === 'number' ? String(v) : csvText(v));

/** Evidence as CSV: one row per proving post pair of the edges given. */
export function evidenceCsv(edges: readonly EdgeData[]): string {
  const rows: Array<Array<string | number | null>> = [[
    'cluster_id', 'account_i', 'account_j', 'type', 'group', 'key', 'post_i', 'post_j', 'time_i', 'time_j', 'delta_seconds', 'text_i', 'text_j',
  ]];
  for (const e of edges) {
    for (const c of e.coordinations) {
      for (const x of c.evidence) {
        rows.push([e.cluster_id, e.i.rid, e.j.rid, c.type, c.group, x.key, x.post_i?.rid ?? null, x.post_j?.rid ?? null, x.time_i, x.time_j,
          x.delta_seconds, x.post_i?.body ?? null, x.post_j?.body ?? null]);
      }
    }
  }
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
