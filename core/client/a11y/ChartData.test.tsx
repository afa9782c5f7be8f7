import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/render';
import { ChartData } from './ChartData';

const rows = [
  { key: 'a', cells: ['<b>Vaccines</b>', '1,204', '2025-01-02'] },
  { key: 'b', cells: ['Ballots', '87', '2025-01-03'] },
];

afterEach(cleanup);

describe('ChartData', () => {
  it('starts closed: a "Chart data" button that says so, its table out of the accessibility tree', () => {
    renderWithProviders(<ChartData caption="Posts per topic" columns={['Topic', 'Posts', 'Busiest day']} rows={rows} />);
    const button = screen.getByRole('button', { name: 'Chart data' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
    // The table it controls is in the page all the same (hidden), so aria-controls points at something real.
    expect(document.getElementById(button.getAttribute('aria-controls')!)?.tagName).toBe('TABLE');
  });

  it('opens from the keyboard on a real table named by its caption, headers as column headers, text as text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChartData caption="Posts per topic" columns={['Topic', 'Posts', 'Busiest day']} numericColumns={[1]} rows={rows} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chart data' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Chart data' }).getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: 'Posts per topic' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Topic', 'Posts', 'Busiest day']);
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['<b>Vaccines</b>', '1,204', '2025-01-02'], ['Ballots', '87', '2025-01-03']]);
    expect(table.querySelector('b')).toBeNull();
    // Space closes it again.
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Chart data' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lets Tab reach what a cell holds once open (e.g. a button that applies the mark\'s filter)', async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    renderWithProviders(<ChartData caption="Posts by platform" columns={['Category', 'Posts']}
      rows={[{ key: 'reddit', cells: [<button key="b" type="button" onClick={() => picked.push('reddit')}>Reddit</button>, '3'] }]} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chart data' }));
    // Closed: the hidden table's button is not the next Tab stop.
    await user.tab();
    expect(document.activeElement?.textContent).not.toBe('Reddit');
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chart data' }));
    await user.keyboard('{Enter}');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reddit' }));
    await user.keyboard('{Enter}');
    expect(picked).toEqual(['reddit']);
  });
});
