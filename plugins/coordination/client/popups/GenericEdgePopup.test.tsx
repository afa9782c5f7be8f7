import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Graph from 'graphology';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { emptyFilters } from '@core/shared/filters';
import { accountKind } from '@core/client/selection/kinds';
import type { SelectionService } from '@core/client/selection/selectionService';
import coordinationClient from '../index';
import { addEdge, nodeKey, type NavigatorGraph, type NodeAttributes } from '../graph/buildGraph';
import { edgeEnds, type EdgeEnds } from '../graph/edgeEnds';
import { genericEdgeKind, graphNodeKind } from '../kinds';

const conversationId = '0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f';
const envelope = (data: unknown) => new Response(JSON.stringify({ data, metadata: { errors: [], info: null, msg: null, pagination_info: null } }), {
  status: 200, headers: { 'Content-Type': 'application/json' },
});
// The domain popup opened from an icon asks who shared the domain: nobody here.
const nobody = (url: URL) => ({ kind: url.searchParams.get('kind'), value: url.searchParams.get('value'), posts: 0, accounts: 0, first_seen: null, last_seen: null, shares: [] });
beforeEach(() => { vi.stubGlobal('fetch', vi.fn(async (url: string) => envelope(url.includes('/accounts/sharing') ? nobody(new URL(url, 'http://localhost')) : null))); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const node = (nodeType: NodeAttributes['nodeType'], ref: string, label: string, extra: Partial<NodeAttributes> = {}): NodeAttributes =>
  ({ x: 0, y: 0, size: 1, color: '#000', label, nodeType, ref, group: null, clusterId: null, ...extra });
/** A small navigator graph built as addEdgeEvidence builds it: link -> post, domain -> link, post -> hashtag. */
function evidenceGraph(): NavigatorGraph {
  const g: NavigatorGraph = new Graph({ type: 'undirected', multi: false });
  g.addNode(nodeKey('accounts', 'a'), node('accounts', 'a', '@alice'));
  g.addNode(nodeKey('posts', 'p1'), node('posts', 'p1', '<b>Read this</b> now', { postId: 11 }));
  g.addNode(nodeKey('links', 'x.example/s'), node('links', 'x.example/s', 'x.example/s'));
  g.addNode(nodeKey('domains', 'x.example'), node('domains', 'x.example', 'x.example'));
  g.addNode(nodeKey('hashtags', 'vote'), node('hashtags', 'vote', '#vote'));
  addEdge(g, 'accounts:a', 'posts:p1', 'accountPosts');
  addEdge(g, 'links:x.example/s', 'posts:p1', 'linkPosts');
  addEdge(g, 'posts:p1', 'hashtags:vote', 'postHashtags');
  // stored the other way round: the domain still acts ("is the domain of")
  addEdge(g, 'links:x.example/s', 'domains:x.example', 'domainLinks');
  return g;
}

describe('edgeEnds', () => {
  it('reads the action and receiver by the edge type, whichever end the undirected graph stored first', () => {
    const g = evidenceGraph();
    expect(edgeEnds(g, g.edge('accounts:a', 'posts:p1')!)).toEqual({
      edgeType: 'accountPosts',
      action: { nodeType: 'accounts', ref: 'a', label: '@alice' },
      receiver: { nodeType: 'posts', ref: 'p1', label: '<b>Read this</b> now', postId: 11 },
    });
    const domainLink = edgeEnds(g, g.edge('links:x.example/s', 'domains:x.example')!);
    expect([domainLink.action?.nodeType, domainLink.receiver?.nodeType]).toEqual(['domains', 'links']);
    const linkPost = edgeEnds(g, g.edge('links:x.example/s', 'posts:p1')!);
    expect([linkPost.action?.ref, linkPost.receiver?.ref]).toEqual(['x.example/s', 'p1']);
  });
});

let selection: SelectionService;
const layer = () => { selection = renderInWorkbench(<></>, { plugins: [coordinationClient], conversationId, filters: emptyFilters() }).selection; };
const open = (payload: EdgeEnds) => act(() => { selection.openPopup(genericEdgeKind, payload); });
const topPopup = () => {
  const top = selection.getSnapshot().popups.at(-1);
  return top ? { kind: top.kind, payload: top.payload } : null;
};

describe('generic edge popup', () => {
  it('shows the action node, the sentence and the receiver node; post text stays text', async () => {
    layer();
    const g = evidenceGraph();
    open(edgeEnds(g, g.edge('accounts:a', 'posts:p1')!));
    const dialog = await screen.findByRole('dialog', { name: 'Edge' });
    expect(within(dialog).getByLabelText('Action node').textContent).toBe('👤Account @alice');
    expect(within(dialog).getByLabelText('Sentence').textContent).toBe('📋Account @alice created Post <b>Read this</b> now');
    expect(within(dialog).getByLabelText('Receiver node').textContent).toBe('📝Post <b>Read this</b> now');
    expect(dialog.querySelector('b')).toBeNull();
  });

  it('each icon is clickable: the account opens its user popup, a post or domain its node popup, the sentence is copied', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    layer();
    const g = evidenceGraph();
    const accountPost = edgeEnds(g, g.edge('accounts:a', 'posts:p1')!);
    open(accountPost);
    let dialog = await screen.findByRole('dialog', { name: 'Edge' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy the sentence' }));
    expect(writeText).toHaveBeenCalledWith('Account @alice created Post <b>Read this</b> now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Account @alice' }));
    expect(topPopup()).toEqual({ kind: accountKind.kind, payload: { rid: 'a', clusterId: null } });
    open(accountPost);
    dialog = await screen.findByRole('dialog', { name: 'Edge' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Post <b>Read this</b> now' }));
    expect(topPopup()).toEqual({ kind: graphNodeKind.kind, payload: { nodeType: 'posts', ref: 'p1', label: '<b>Read this</b> now', postId: 11 } });
    open(edgeEnds(g, g.edge('links:x.example/s', 'domains:x.example')!));
    dialog = await screen.findByRole('dialog', { name: 'Edge' });
    expect(within(dialog).getByLabelText('Sentence').textContent).toBe('📋Domain x.example is the domain of URL x.example/s');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Domain x.example' }));
    expect(topPopup()).toEqual({ kind: graphNodeKind.kind, payload: { nodeType: 'domains', ref: 'x.example', label: 'x.example' } });
    expect(await screen.findByRole('dialog', { name: 'Domain' })).toBeTruthy();
  });

  it('without its nodes says "No Data"', async () => {
    layer();
    open({ edgeType: 'postHashtags', action: null, receiver: { nodeType: 'hashtags', ref: 'vote', label: '#vote' } });
    const dialog = await screen.findByRole('dialog', { name: 'Edge' });
    expect(dialog.textContent).toContain('No Data');
    expect(within(dialog).queryByLabelText('Sentence')).toBeNull();
  });
});
