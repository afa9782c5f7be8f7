import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { axeFindings } from '@core/client/testing/axe';
import { renderWithProviders } from '@core/client/testing/render';
import { PopupFrame } from './PopupFrame';

afterEach(cleanup);

describe('PopupFrame', () => {
  it('passes axe while open: its header is a labelled drag handle, nothing left for review', async () => {
    renderWithProviders(<PopupFrame title="Hashtag" onClose={() => undefined}><p>#vote</p></PopupFrame>);
    expect(screen.getByRole('group', { name: 'Move Hashtag with the arrow keys' })).toBe(screen.getByTestId('popup-drag-handle'));
    expect(await axeFindings()).toEqual([]);
  });
});
