import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { testCommandContext } from '@core/client/commands/testing';
import { postKind } from '@core/client/selection/kinds';
import { selectionKey } from '@core/client/services/keys';
import FiltersPanel from './filters/FiltersPanel';
import RawDataTablePanel from './table/RawDataTablePanel';
import { fakeExplorerApi, row } from './testing/fakeExplorerApi';
import { renderPanel } from './testing/harness';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

// The palette's commands reach the panes through the command registry (no counters in shared state).
describe('the posts panes carry out palette commands', () => {
  it('"Search posts" focuses the search box of the raw data pane, each time it runs', async () => {
    const { host } = renderPanel(RawDataTablePanel, { api: fakeExplorerApi([row(1)]) });
    const box = await screen.findByRole('searchbox', { name: 'Search posts' });
    const ctx = testCommandContext({ conversationId: 'c1', services: host.services });
    await act(() => host.commands.run('posts.focusSearch', ctx));
    await waitFor(() => expect(document.activeElement).toBe(box));
    act(() => screen.getByRole('button', { name: 'Export CSV' }).focus());
    await act(() => host.commands.run('posts.focusSearch', ctx));
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('"Filter by Domain" opens that dimension in the filters pane and focuses its header', async () => {
    const { host } = renderPanel(FiltersPanel, { api: fakeExplorerApi([row(1)]) });
    const header = await screen.findByRole('button', { name: /^Domain/ });
    expect(header.getAttribute('aria-expanded')).toBe('false');
    await act(() => host.commands.run('posts.toggleDomainsFilter', testCommandContext({ conversationId: 'c1', services: host.services })));
    await waitFor(() => expect(document.activeElement).toBe(header));
    expect(header.getAttribute('aria-expanded')).toBe('true');
  });

  it('"posts.openPost" opens a post in the popup host from anywhere; "Close the post window" closes it', async () => {
    const { host } = renderPanel(RawDataTablePanel, { api: fakeExplorerApi([row(1)]) });
    const ctx = testCommandContext({ conversationId: 'c1', services: host.services });
    await act(() => host.commands.execute('posts.openPost', { postId: 1 }, ctx));
    expect(host.services.get(selectionKey).popup(postKind)).toEqual({ postId: '1' });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await act(() => host.commands.run('posts.closePost', ctx));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
