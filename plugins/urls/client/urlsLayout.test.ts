import { describe, expect, it } from 'vitest';
import { layoutIdFor, SUBTAB_LABELS } from '@core/client/app/routes';
import { builtInLayouts } from '../../../workspace-layouts';
import { sharedDomainsPanel, sharedUrlsPanel } from './index';

describe('the explorer URLs subtab', () => {
  it('opens the built-in explorer.urls layout, labelled URLs, holding the shared domains and URLs panels beside the posts', () => {
    expect(layoutIdFor('explorer', 'urls')).toBe('explorer.urls');
    expect(SUBTAB_LABELS.urls).toBe('URLs');
    const layout = builtInLayouts.get('explorer.urls');
    expect(layout?.title).toBe('Explorer: URLs');
    const types = Object.values(layout!.panes).map((pane) => pane.type);
    expect(types).toEqual(expect.arrayContaining([sharedDomainsPanel.type, sharedUrlsPanel.type, 'posts.filters', 'posts.rawData']));
  });
});
