import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { defineClientPlugin } from '@core/client/plugin/contract';
import { defineManifest } from '@core/shared/plugin/manifest';
import { navigationKey } from '@core/client/services/keys';
import radarClient from './index';
import HomeSlot from './HomeSlot';
import { chooseThemesCommand } from './commands';
import { themeChooser } from './themeChooserStore';
import { FakeRadarApi } from './testing/fakeRadarApi';

let api: FakeRadarApi;
let puts: Array<[string, unknown]>;
let refuse: string | null;
beforeEach(() => {
  api = new FakeRadarApi();
  puts = [];
  refuse = null;
  themeChooser.set(false);
  vi.stubGlobal('IntersectionObserver', class { observe() {} disconnect() {} unobserve() {} takeRecords() { return []; } });
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      puts.push([String(input), JSON.parse(String(init.body))]);
      const status = refuse ? 403 : 200;
      return new Response(JSON.stringify({ data: {}, metadata: { errors: refuse ? [refuse] : [], info: null, msg: null } }), { status, headers: { 'Content-Type': 'application/json' } });
    }
    return api.fetch(input);
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const cards = defineClientPlugin({
  manifest: defineManifest({ id: 'cards', title: 'Cards', version: 1, apiPrefixes: [] }),
  slots: { dashboardHome: async () => ({ default: () => <p>Platform Intelligence</p> }) },
});
const renderHome = () => renderInWorkbench(<HomeSlot />, {
  plugins: [radarClient, cards], setup: (host) => host.services.provide(navigationKey, { navigate: () => {}, currentPath: () => '/' }),
});
const checkboxes = (dialog: HTMLElement) => within(dialog).getAllByRole('checkbox') as HTMLInputElement[];

describe('the organisation theme chooser', () => {
  it('lists the nine themes in the spec order and saves the chosen ones through the organisation call', async () => {
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose themes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Topic Radar themes' });
    expect(checkboxes(dialog).map((c) => [c.labels?.[0]?.textContent, c.checked])).toEqual(
      ['DEI', 'BOYCOTT', 'Labor', 'Election Denial', 'FINANCE', 'Short Selling', 'QAnon', 'MAHA & Vaccine', 'TARIFF'].map((l) => [l, true]),
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'QAnon' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'DEI' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts).toEqual([['/api/v2/organization/o1', { themes: ['BOYCOTT', 'UNION', 'ELECTION_DENIAL', 'FINANCE', 'SHORTSELLING', 'MAHA_AND_VACCINE', 'TARIFF'] }]]);
  });

  it("shows the server's refusal in the dialog and warns that no theme turns Topic Radar off", async () => {
    refuse = 'You do not have permission to perform this action.';
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose themes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Topic Radar themes' });
    for (const box of checkboxes(dialog)) fireEvent.click(box);
    expect(within(dialog).getByText('With no theme, Topic Radar is off for the organization.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You do not have permission to perform this action.')).toBeTruthy();
    expect(puts).toEqual([['/api/v2/organization/o1', { themes: [] }]]);
  });

  it('offers no button to those who may not change the setting', async () => {
    api.canEdit = false;
    renderHome();
    await screen.findByTestId('radar-card-DEI');
    expect(screen.queryByRole('button', { name: 'Choose themes' })).toBeNull();
  });

  it('opens from the palette over the home even while Topic Radar is off', async () => {
    api.enabled = false;
    const { host } = renderHome();
    await screen.findByText('Platform Intelligence');
    act(() => { void chooseThemesCommand.run({ services: host.services } as never, undefined as never); });
    const dialog = await screen.findByRole('dialog', { name: 'Topic Radar themes' });
    expect(checkboxes(dialog).every((c) => !c.checked)).toBe(true);
  });
});
