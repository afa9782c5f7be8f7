import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { ErrorDialogBoundary } from './ErrorDialog';

function Broken(): never {
  throw new Error('chart data is malformed');
}

describe('fallback error dialog', () => {
  it('opens a modal dialog with the message of an unhandled rendering error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}')));
    render(<FluentProvider theme={webLightTheme}><ErrorDialogBoundary><Broken /></ErrorDialogBoundary></FluentProvider>);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('chart data is malformed');
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the dashboard' })).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
