import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters, isEmptyFilters } from '@core/shared/filters';
import { defineClientPlugin } from '@core/client/plugin/contract';
import { selectionKey } from '@core/client/services/keys';
import { createWorkbenchHost } from '@core/client/app/host';
import { WorkbenchProvider, createHostHolder } from '@core/client/app/hostContext';
import { renderWithProviders } from '@core/client/testing/render';
import { disposeAfterTest } from '@core/client/testing/teardown';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { postKind, selectionKind } from './kinds';
import { lazyPopup } from './lazyPopup';
import { PopupHost } from './PopupHost';
import type { PopupRendererProps } from './selectionService';

afterEach(cleanup);

const noteKind = selectionKind<{ text: string }>('test.note');

function PostRenderer({ payload, conversationId, filters, close }: PopupRendererProps<{ postId: string }>) {
  return (
    <section role="dialog" aria-label={`Post ${payload.postId}`}>
      <span>{`in ${conversationId}, ${isEmptyFilters(filters) ? 'unfiltered' : 'filtered'}`}</span>
      <button type="button" onClick={close}>Close</button>
    </section>
  );
}

/** A plugin registering its renderers as plugins do, one of them lazily. */
const plugin = defineClientPlugin({
  manifest: { id: 'test', title: 'Test', version: 1 },
  activate: (services) => [
    services.get(selectionKey).registerPopup(postKind, PostRenderer),
    services.get(selectionKey).registerPopup(noteKind, lazyPopup(async () => ({ payload }: PopupRendererProps<{ text: string }>) => (
      <section role="dialog" aria-label="Note">{payload.text}</section>
    ))),
  ],
});

describe('PopupHost', () => {
  it("draws each open popup with its kind's renderer, given the payload, the conversation and the page's filters", async () => {
    const filters = { ...emptyFilters(), platforms: { gab: true } };
    const { selection } = renderInWorkbench(<></>, { plugins: [plugin], conversationId: 'c1', filters });
    act(() => { selection.openPopup(postKind, { postId: '7' }); });
    expect(screen.getByRole('dialog', { name: 'Post 7' }).textContent).toContain('in c1, filtered');
    act(() => { selection.openPopup(noteKind, { text: 'lazy one' }); });
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeTruthy();
    expect(screen.getAllByRole('dialog').map((d) => d.getAttribute('aria-label'))).toEqual(['Post 7', 'Note']);
  });

  it("closes a popup with its renderer's close", async () => {
    const { selection } = renderInWorkbench(<></>, { plugins: [plugin] });
    act(() => { selection.openPopup(postKind, { postId: '7' }); });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selection.getSnapshot().popups).toEqual([]);
  });

  it('another conversation clears the selection and the popups; so does leaving the page', () => {
    const host = createWorkbenchHost([plugin]);
    disposeAfterTest(host.dispose);
    const holder = createHostHolder(async () => host);
    holder.current = host;
    const selection = host.services.get(selectionKey);
    const page = (conversationId: string) => (
      <WorkbenchProvider value={holder}><PopupHost conversationId={conversationId} filters={emptyFilters()} /></WorkbenchProvider>
    );
    const { rerender, unmount } = renderWithProviders(page('c1'));
    const openPost = (postId: string) => act(() => { selection.select(postKind, { postId }); selection.openPopup(postKind, { postId }); });
    openPost('7');
    rerender(page('c1'));
    expect(screen.getByRole('dialog', { name: 'Post 7' })).toBeTruthy();
    rerender(page('c2'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selection.getSnapshot()).toEqual({ selection: null, popups: [] });
    openPost('8');
    expect(screen.getByRole('dialog', { name: 'Post 8' })).toBeTruthy();
    unmount();
    expect(selection.getSnapshot()).toEqual({ selection: null, popups: [] });
  });
});
