import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeFindings } from '../testing/axe';
import { renderWithProviders } from '../testing/render';
import { DraggablePopup } from './DraggablePopup';

afterEach(cleanup);

/** An opener button and the popup it toggles, as a panel uses it. */
function Opener({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open details</button>
      <button>Elsewhere</button>
      {open && (
        <DraggablePopup title="Narrative" testId="popup" onClose={() => { onClose(); setOpen(false); }}>
          <p>{'<b>post text</b>'}</p>
          <button>Inside</button>
        </DraggablePopup>
      )}
    </>
  );
}

describe('DraggablePopup', () => {
  it('is a non-modal dialog named by its title that takes focus and gives it back to the opener on Close', async () => {
    renderWithProviders(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Narrative' });
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    // Content is text; the rest of the page stays usable (no aria-hidden, no inert) while it is open.
    expect(within(dialog).getByText('<b>post text</b>')).toBeTruthy();
    expect(dialog.querySelector('b')).toBeNull();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes with Escape from anywhere inside it, and focus returns to the opener', async () => {
    const onClose = vi.fn();
    renderWithProviders(<Opener onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await userEvent.click(opener);
    await userEvent.tab(); // from Close to the button inside the body
    expect(document.activeElement?.textContent).toBe('Inside');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('passes axe while open: WCAG 2.1 A and AA and best practices, nothing left for review', async () => {
    renderWithProviders(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    expect(screen.getByRole('group', { name: 'Move Narrative with the arrow keys' })).toBe(screen.getByTestId('popup-header'));
    expect(await axeFindings()).toEqual([]);
  });

  it('moves with the arrow keys while its header (the drag handle) has focus, Shift for larger steps', async () => {
    renderWithProviders(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = screen.getByRole('dialog', { name: 'Narrative' });
    const header = screen.getByTestId('popup-header');
    expect(header.getAttribute('aria-label')).toBe('Move Narrative with the arrow keys');
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(header);
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}');
    expect([dialog.style.left, dialog.style.top]).toEqual(['140px', '160px']);
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(dialog.style.left).toBe('60px');
    // Never off the top-left edge.
    await userEvent.keyboard('{Shift>}{ArrowLeft}{ArrowUp}{ArrowUp}{/Shift}');
    expect([dialog.style.left, dialog.style.top]).toEqual(['0px', '0px']);
    // Arrow keys on the close button do not move it.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    fireEvent.keyDown(close, { key: 'ArrowRight' });
    expect(dialog.style.left).toBe('0px');
  });

  it('follows the pointer dragged by its header, not by the close button', async () => {
    renderWithProviders(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = screen.getByRole('dialog', { name: 'Narrative' });
    const header = screen.getByTestId('popup-header');
    fireEvent.pointerDown(header, { clientX: 200, clientY: 200, pointerId: 1 });
    fireEvent.pointerMove(header, { clientX: 260, clientY: 230, pointerId: 1 });
    fireEvent.pointerUp(header, { pointerId: 1 });
    expect([dialog.style.left, dialog.style.top]).toEqual(['180px', '150px']);
    // After the button is released the popup stays put.
    fireEvent.pointerMove(header, { clientX: 400, clientY: 400, pointerId: 1 });
    expect([dialog.style.left, dialog.style.top]).toEqual(['180px', '150px']);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    fireEvent.pointerDown(close, { clientX: 500, clientY: 160, pointerId: 2 });
    fireEvent.pointerMove(header, { clientX: 700, clientY: 300, pointerId: 2 });
    expect([dialog.style.left, dialog.style.top]).toEqual(['180px', '150px']);
  });
});
