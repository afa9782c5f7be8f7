import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import type { NotificationsService } from '../services/keys';
import { NotificationsProvider } from './notifications';

describe('NotificationsProvider', () => {
  it('shows a toast that is not a Tab stop', async () => {
    let service: NotificationsService | undefined;
    renderWithProviders(<NotificationsProvider onReady={(s) => { service = s; }}><button type="button">Before</button></NotificationsProvider>);
    act(() => service!.notify('Raw data exported as CSV', 'success'));
    const toast = (await screen.findByText('Raw data exported as CSV', undefined, { timeout: 20_000 })).closest('[role="listitem"]') as HTMLElement;
    // Fluent makes each toast tabIndex 0 with a focus group that keeps Tab on it; ours opt out (issue 21).
    expect(toast.tabIndex).toBe(-1);
  });
});
