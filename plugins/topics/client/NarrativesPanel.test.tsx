import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceRegistry } from '@core/shared/services/registry';
import { emptyFilters } from '@core/shared/filters';
import type { CommandContext } from '@core/client/plugin/contract';
import { isCommandVisible } from '@core/client/commands/conditions';
import { narrativeKind } from '@core/client/selection/kinds';
import { selectionKey } from '@core/client/services/keys';
import NarrativesPanel, { type NarrativesConfig } from './NarrativesPanel';
import { topicsCommands } from './commands';
import { comparisonKind } from './kinds';
import { renderWithHost, stubTopicsApi, topicsAnswer } from './testing/harness';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function panel(sortBy: NarrativesConfig['sortBy'] = 'size', setConfig = vi.fn()) {
  return <NarrativesPanel paneId="p1" conversationId="c1" filters={emptyFilters()} config={{ sortBy }} setConfig={setConfig} />;
}
const titles = () => screen.getAllByTestId('narrative-item').map((li) => within(li).getAllByRole('button')[0]!.textContent);

describe('topics.narratives panel', () => {
  it('lists narratives by size with keyphrases, share bar, risk shown Low/Medium/High and the threat flag', async () => {
    const urls = stubTopicsApi();
    await renderWithHost(panel());
    await waitFor(() => expect(screen.getAllByTestId('narrative-item')).toHaveLength(3));
    expect(urls[0]).toBe('/api/v2/conversations/c1/topics');
    expect(titles()).toEqual(['Vaccine · booster', 'Ballots · fraud <b>x</b>', 'Football · derby']);
    const [first, second] = screen.getAllByTestId('narrative-item');
    expect(within(first!).getByText('Risk: Low')).toBeTruthy();
    expect(within(second!).getByText('Risk: High')).toBeTruthy();
    expect(within(second!).getByText('Threat')).toBeTruthy();
    expect(within(first!).queryByText('Threat')).toBeNull();
    expect(within(first!).getByRole('meter', { name: 'Share of posts: 50%' })).toBeTruthy();
    expect(within(first!).getByText('vaccine · booster')).toBeTruthy();
    // Post-derived text is text: no <b> element was made from it.
    expect(second!.querySelector('b')).toBeNull();
  });

  it('prints post counts with thousands separators, as the raw data table does', async () => {
    const answer = topicsAnswer();
    stubTopicsApi({ ...answer, total_posts: 13138, narratives: answer.narratives.map((n, i) => (i === 0 ? { ...n, post_count: 1250 } : n)) });
    await renderWithHost(panel());
    expect(await screen.findByText('13,138 posts')).toBeTruthy();
    expect(screen.getByText(/^1,250 posts · /)).toBeTruthy();
  });

  it('sorts by risk and by engagement', async () => {
    stubTopicsApi();
    const { rerender } = await renderWithHost(panel('risk'));
    await waitFor(() => expect(screen.getAllByTestId('narrative-item')).toHaveLength(3));
    expect(titles()).toEqual(['Ballots · fraud <b>x</b>', 'Football · derby', 'Vaccine · booster']);
    rerender(panel('engagement'));
    expect(titles()).toEqual(['Football · derby', 'Ballots · fraud <b>x</b>', 'Vaccine · booster']);
  });

  it('filters the workspace to a narrative when its title is clicked', async () => {
    stubTopicsApi();
    const { filters } = await renderWithHost(panel(), { ...emptyFilters(), platforms: { gab: true }, narratives: { t_c: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Vaccine · booster' }));
    expect(filters().narratives).toEqual({ t_a: true });
    expect(filters().platforms).toEqual({ gab: true });
  });

  it('opens the narrative popup with Cluster Title and Cluster Keywords and Entities', async () => {
    stubTopicsApi();
    await renderWithHost(panel());
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Vaccine · booster' }));
    const popup = await screen.findByRole('dialog', { name: 'Narrative' });
    expect(within(popup).getByText('Cluster Title')).toBeTruthy();
    expect(within(popup).getByText('Vaccine · booster')).toBeTruthy();
    expect(within(popup).getByText('Cluster Keywords and Entities')).toBeTruthy();
    const words = within(within(popup).getByRole('list', { name: 'Cluster keywords' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(words).toEqual(['vaccine', 'booster', 'kw1', 'kw2']);
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('palette commands', () => {
  const ctx = (services: ServiceRegistry, conversationId: string | null = 'c1'): CommandContext =>
    ({ conversationId, projectName: null, tab: null, subtab: null, focusedPaneId: null, paneCount: 1, services });

  it('are declared with permanent ids and apply inside a conversation only', () => {
    expect(topicsCommands.map((c) => c.id)).toEqual(['topics.openNarrative', 'topics.filterNarrative', 'topics.compareNarratives']);
    for (const c of topicsCommands) {
      expect(isCommandVisible(c, ctx(new ServiceRegistry()))).toBe(true);
      expect(isCommandVisible(c, ctx(new ServiceRegistry(), null))).toBe(false);
    }
  });

  it('topics.openNarrative shows the panel and opens the picked narrative', async () => {
    stubTopicsApi();
    const { host, opened } = await renderWithHost(panel());
    await screen.findAllByTestId('narrative-item');
    await act(() => host.commands.run('topics.openNarrative', ctx(host.services)));
    expect(opened).toEqual(['topics.narratives']);
    const picker = await screen.findByRole('dialog', { name: 'Open narrative' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Football · derby' }));
    const popup = await screen.findByRole('dialog', { name: 'Narrative' });
    expect(within(popup).getByText('Football · derby')).toBeTruthy();
  });

  it('topics.filterNarrative filters the workspace to the picked narrative', async () => {
    stubTopicsApi();
    const { host, filters } = await renderWithHost(panel());
    await screen.findAllByTestId('narrative-item');
    await act(() => host.commands.run('topics.filterNarrative', ctx(host.services)));
    const picker = await screen.findByRole('dialog', { name: 'Filter to narrative' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Ballots · fraud <b>x</b>' }));
    expect(filters().narratives).toEqual({ t_b: true });
  });

  it('topics.compareNarratives compares two picked narratives', async () => {
    stubTopicsApi();
    const { host } = await renderWithHost(panel());
    await screen.findAllByTestId('narrative-item');
    await act(() => host.commands.run('topics.compareNarratives', ctx(host.services)));
    const picker = await screen.findByRole('dialog', { name: 'Compare two narratives' });
    const compare = within(picker).getByRole('button', { name: 'Compare' });
    expect((compare as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Vaccine · booster' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Football · derby' }));
    await userEvent.click(compare);
    // Fluent's modal bookkeeping can leave aria-hidden on the new portal when one dialog replaces another in
    // jsdom; the dialog's content is what this test is about.
    const dialog = await screen.findByRole('dialog', { name: 'Compare narratives', hidden: true });
    expect(within(dialog).getByText('Risk: Low')).toBeTruthy();
    expect(within(dialog).getByText('Risk: Medium')).toBeTruthy();
    expect(within(dialog).getByText('Shared keyphrases: none')).toBeTruthy();
  });

  it('with arguments, act at once: open a narrative, filter to one, compare two, without a picker', async () => {
    stubTopicsApi();
    const { host, filters } = await renderWithHost(panel());
    await screen.findAllByTestId('narrative-item');
    const c = ctx(host.services);
    await act(() => host.commands.execute('topics.openNarrative', { narrativeId: 't_c' }, c));
    expect(host.services.get(selectionKey).popup(narrativeKind)).toEqual({ narrativeId: 't_c' });
    expect(within(await screen.findByRole('dialog', { name: 'Narrative' })).getByText('Football · derby')).toBeTruthy();
    await act(() => host.commands.execute('topics.filterNarrative', { narrativeId: 't_b' }, c));
    expect(filters().narratives).toEqual({ t_b: true });
    await act(() => host.commands.execute('topics.compareNarratives', { ids: ['t_a', 't_b'] }, c));
    expect(host.services.get(selectionKey).popup(comparisonKind)).toEqual({ ids: ['t_a', 't_b'] });
    expect(await screen.findByRole('dialog', { name: 'Compare narratives', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: /Open narrative|Filter to narrative|Compare two narratives/ })).toBeNull();
    await expect(host.commands.execute('topics.compareNarratives', { ids: ['t_a'] }, c)).rejects.toThrow(/Bad arguments for command 'topics.compareNarratives': ids/);
  });
});
