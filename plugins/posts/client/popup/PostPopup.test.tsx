import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeExplorerApi, row } from '../testing/fakeExplorerApi';
import { renderPanel } from '../testing/harness';
import { PostPopup } from './PostPopup';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function Popup(props: { conversationId: string | null; config: Record<string, unknown> }) {
  return <PostPopup conversationId={props.conversationId!} postId={String(props.config.postId)} onClose={() => (props.config.onClose as () => void)()} />;
}

describe('the post popup', () => {
  it('shows the body as text, the platform statistics and the published date; copies the post', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const api = fakeExplorerApi([row(7, { body: '<script>alert(1)</script> hello', additional_properties: { score: 12, comments: 3 } })]);
    renderPanel(Popup, { api, config: { postId: 7, onClose: () => undefined } });
    expect(screen.getByText('Loading post statistics')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'User 7' });
    expect(await within(dialog).findByText('<script>alert(1)</script> hello')).toBeTruthy();
    expect(within(dialog).getByLabelText('Post statistics').textContent).toBe('Score12Comments3');
    expect(within(dialog).getByText(/Published/).textContent).toBe('Published 2024-01-01 07:00 UTC');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy to clipboard' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('<script>alert(1)</script> hello\n\nUser 7 @user7 · Reddit · 2024-01-01T07:00:00.000Z\nhttps://example.org/p/7'));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it('says "Post statistics unavailable" for a platform outside the statistics table', async () => {
    const api = fakeExplorerApi([row(8, { class: 'bluesky', platform_label: 'Bluesky' })]);
    renderPanel(Popup, { api, config: { postId: 8, onClose: () => undefined } });
    expect(await screen.findByText('Post statistics unavailable')).toBeTruthy();
  });

  it('moves with the arrow keys on its header and closes with Escape', async () => {
    const onClose = vi.fn();
    renderPanel(Popup, { api: fakeExplorerApi([row(9)]), config: { postId: 9, onClose } });
    const dialog = await screen.findByRole('dialog');
    const header = screen.getByTestId('post-popup-header');
    fireEvent.keyDown(header, { key: 'ArrowRight' });
    fireEvent.keyDown(header, { key: 'ArrowDown' });
    expect(dialog.style.left).toBe('140px');
    expect(dialog.style.top).toBe('140px');
    // Shift: four steps; keys on the close button are the button's.
    fireEvent.keyDown(header, { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close post' }), { key: 'ArrowRight' });
    expect(dialog.style.left).toBe('60px');
    fireEvent.keyDown(header, { key: 'ArrowRight', shiftKey: true });
    fireEvent.pointerDown(header, { clientX: 200, clientY: 200, pointerId: 1 });
    fireEvent.pointerMove(header, { clientX: 260, clientY: 230, pointerId: 1 });
    fireEvent.pointerUp(header, { pointerId: 1 });
    expect(dialog.style.left).toBe('200px');
    expect(dialog.style.top).toBe('170px');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
