import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters, type Filters } from '@core/shared/filters';
import NarrativesPanel from './NarrativesPanel';
import { renderWithHost, stubTopicsApi } from './testing/harness';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const panel = (filters: Filters = emptyFilters(), paneId = 'p1') =>
  <NarrativesPanel paneId={paneId} conversationId="c1" filters={filters} config={{ sortBy: 'size' }} setConfig={() => undefined} />;

async function openDetails(title: string) {
  const details = await screen.findByRole('button', { name: `Details of ${title}` });
  await userEvent.click(details);
  return { details, popup: await screen.findByRole('dialog', { name: 'Narrative' }) };
}
const texts = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.textContent);

describe('the narrative popup', () => {
  it('shows the top entities grouped by type under "Cluster Keywords and Entities", as text', async () => {
    stubTopicsApi();
    await renderWithHost(panel());
    const { popup } = await openDetails('Ballots · fraud <b>x</b>');
    const section = within(popup).getByText('Cluster Keywords and Entities').closest('section')!;
    expect(texts(within(section).getByRole('list', { name: 'Cluster keywords' }))).toEqual(['ballots', 'fraud <b>x</b>', 'kw1', 'kw2']);
    const groups = within(section).getByLabelText('Cluster entities');
    expect([...groups.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['People', 'Organisations', 'Places', 'Hashtags', 'Mentions']);
    expect(texts(within(groups).getByRole('list', { name: 'People' }))).toEqual(['Jane Doe (12)', 'John Roe (3)']);
    expect(texts(within(groups).getByRole('list', { name: 'Organisations' }))).toEqual(['<i>Vote</i> Watch (1,250)']);
    expect(texts(within(groups).getByRole('list', { name: 'Places' }))).toEqual(['Ohio (7)']);
    expect(texts(within(groups).getByRole('list', { name: 'Hashtags' }))).toEqual(['#stopthecount (9)']);
    expect(texts(within(groups).getByRole('list', { name: 'Mentions' }))).toEqual(['@observer (2)']);
    // Post-derived strings never become markup.
    expect(popup.querySelector('i, b')).toBeNull();
  });

  it('says "No entities found" when the narrative\'s posts name none', async () => {
    stubTopicsApi();
    await renderWithHost(panel());
    const { popup } = await openDetails('Vaccine · booster');
    expect(within(popup).getByText('No entities found')).toBeTruthy();
    expect(within(popup).queryByLabelText('Cluster entities')).toBeNull();
  });

  it('without filters states one share, of the conversation', async () => {
    stubTopicsApi();
    await renderWithHost(panel());
    const { popup } = await openDetails('Vaccine · booster');
    const size = within(popup).getByRole('region', { name: 'Size and risk' });
    expect([...size.children].map((c) => c.textContent)).toEqual(['100 posts (25% of the conversation)', 'Risk: Low', 'LOW_RISK because of signals']);
  });

  it('under a filter states both shares: of the filtered posts and of the conversation', async () => {
    stubTopicsApi();
    // The page's filters: the panel's and the popup host's.
    const filters = { ...emptyFilters(), platforms: { gab: true } };
    await renderWithHost(panel(filters), filters);
    const { popup } = await openDetails('Ballots · fraud <b>x</b>');
    const size = within(popup).getByRole('region', { name: 'Size and risk' });
    expect([...size.children].map((c) => c.textContent)).toEqual([
      '30 posts (30% of the filtered posts)', '15% of the conversation: 60 of 400 posts', 'Risk: High · Threat', 'HIGH_RISK because of signals']);
  });

  it('is non-modal and draggable by its header, with the pointer and the arrow keys', async () => {
    stubTopicsApi();
    await renderWithHost(panel());
    const { popup } = await openDetails('Vaccine · booster');
    expect(popup.getAttribute('aria-modal')).toBe('false');
    // The list behind stays usable: filter by another narrative while the popup is open.
    expect(screen.getByRole('button', { name: 'Football · derby' })).toBeTruthy();
    // The popup focuses its Close button in an effect, which under load runs a tick after the dialog shows: wait for
    // it, or it takes focus back from the header after the header got it and the arrow keys go to the button.
    await waitFor(() => expect(document.activeElement).toBe(within(popup).getByRole('button', { name: 'Close' })));
    const header = screen.getByTestId('narrative-popup-header');
    header.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect([popup.style.left, popup.style.top]).toEqual(['160px', '140px']);
    fireEvent.pointerDown(header, { clientX: 170, clientY: 150, pointerId: 1 });
    fireEvent.pointerMove(header, { clientX: 300, clientY: 400, pointerId: 1 });
    fireEvent.pointerUp(header, { pointerId: 1 });
    expect([popup.style.left, popup.style.top]).toEqual(['290px', '390px']);
  });

  it('closes with Escape and with Close; focus goes back to the Details button that opened it', async () => {
    stubTopicsApi();
    await renderWithHost(panel());
    const first = await openDetails('Vaccine · booster');
    // Focus moves into the popup after it renders (an effect): under load that can be a tick after the dialog shows.
    await waitFor(() => expect(document.activeElement).toBe(within(first.popup).getByRole('button', { name: 'Close' })));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(first.details));

    const second = await openDetails('Football · derby');
    await userEvent.click(within(second.popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(second.details));
  });

  it('opens once when two narratives panels are on screen', async () => {
    stubTopicsApi();
    await renderWithHost(<>{panel(emptyFilters(), 'p1')}{panel(emptyFilters(), 'p2')}</>);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Details of Vaccine · booster' })).toHaveLength(2));
    await userEvent.click(screen.getAllByRole('button', { name: 'Details of Vaccine · booster' })[1]!);
    expect(await screen.findAllByRole('dialog', { name: 'Narrative' })).toHaveLength(1);
  });
});
