import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionSubject } from '@core/shared/access/permissions';
import { insightsPopupSectionsKey, type InsightsPopupSections } from '../../shared/ui';
import insightsClient from '../index';
import { analyst, fakeInsightsApi, insight, reader, type FakeInsightsApi } from '../testing/fakeInsightsApi';
import { renderWithInsights } from '../testing/harness';

configure({ asyncUtilTimeout: 5_000 });

let api: FakeInsightsApi;
beforeEach(() => {
  api = fakeInsightsApi([
    insight(1, { analyzable_id: 'acc-1', status: 'approved', properties: { subcategory: ['Russian State Media'], country_of_origin: 'Russia' } }),
    insight(2, { analyzable_id: 'acc-1', status: 'pending', properties: { subcategory: [], country_of_origin: null, role: 'Journalist' } }),
    insight(3, { analyzable_id: 'acc-1', status: 'rejected', properties: { subcategory: ['Wire Service'] } }),
    insight(4, { analyzable_id: 'acc-1', status: 'deleted', properties: { subcategory: ['Market News'] } }),
    insight(5, { analyzable_id: 'acc-2', status: 'approved', properties: { subcategory: ['Pink Slime Local News'] } }),
    insight(6, { analyzable_type: 'domain', analyzable_id: 'example.com', platform: null, screen_name: null, status: 'approved',
      properties: { name: 'Example Daily', subcategory: ['Pink Slime Local News'], country_of_origin: null } }),
  ]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const account = { rid: 'acc-1', platform: 'twitter', screen_name: 'ivan', url: 'https://x.com/ivan' };

/** The sections as another plugin's popup gets them: through the optional service the insights plugin provides. */
async function renderSection(which: (s: InsightsPopupSections) => React.ReactElement, user: PermissionSubject = analyst) {
  let sections: InsightsPopupSections | null = null;
  const result = await renderWithInsights(<div />, { api, user, plugins: [insightsClient], setup: (host) => { sections = host.services.get(insightsPopupSectionsKey); } });
  result.rerender(which(sections!));
  return { ...result, sections: sections! };
}
const insightGets = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/api/v2/insights');

describe("the user popup's analyst insights", () => {
  it('asks for the insights of the account; approved ones are facts, pending ones say so, rejected and deleted are not shown', async () => {
    await renderSection((s) => <s.Account conversationId="c1" account={account} />);
    const section = await screen.findByRole('region', { name: 'Analyst insights on @ivan' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    const items = within(section).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Approved');
    expect(items[0]).toContain('Russian State Media · Origin: Russia');
    expect(items[1]).toContain('Pending');
    expect(items[1]).toContain('Role: Journalist');
    expect(section.textContent).not.toContain('Wire Service');
    expect(section.textContent).not.toContain('Market News');
    expect(insightGets().map((c) => c.query.get('account_id'))).toEqual(['acc-1']);
  });

  it('keeps the answer for a minute: the popup opened again asks nothing', async () => {
    const { rerender, sections: s } = await renderSection((s) => <s.Account conversationId="c1" account={account} />);
    await screen.findAllByRole('listitem');
    rerender(<div />);
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    rerender(<s.Account conversationId="c1" account={account} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(insightGets()).toHaveLength(1);
  });

  it('"Add insight" opens the dialog on the account, filled in; readers do not get it', async () => {
    await renderSection((s) => <s.Account conversationId="c1" account={account} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add insight on @ivan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add insight' });
    expect((within(dialog).getByRole('textbox', { name: 'Handle' }) as HTMLInputElement).value).toBe('ivan');
    expect((within(dialog).getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toBe('https://x.com/ivan');
    expect((within(dialog).getByLabelText('Platform', { exact: false }) as HTMLSelectElement).value).toBe('twitter');
    cleanup();
    await renderSection((s) => <s.Account conversationId="c1" account={account} />, reader);
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('button', { name: /Add insight/ })).toBeNull();
  });

  it('"Review" opens the insight with its history', async () => {
    await renderSection((s) => <s.Account conversationId="c1" account={account} />);
    const [first] = await screen.findAllByRole('button', { name: /^Review insight/ });
    await userEvent.click(first!);
    const dialog = await screen.findByRole('dialog', { name: 'Review insight' });
    expect(within(dialog).getByRole('list', { name: 'Change history' })).toBeTruthy();
  });
});

describe('the domain and URL popups', () => {
  it("a URL's section shows the insights of its host, a parent domain's included", async () => {
    await renderSection((s) => <s.Domain conversationId="c1" domainOrUrl="https://news.Example.com/story?id=1" />);
    const section = await screen.findByRole('region', { name: 'Analyst insights on news.example.com' });
    await waitFor(() => expect(within(section).getByRole('listitem').textContent).toContain('Example Daily · Pink Slime Local News'));
    expect(insightGets().map((c) => c.query.get('domain_url'))).toEqual(['news.example.com']);
    await userEvent.click(within(section).getByRole('button', { name: 'Add insight on news.example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add insight' });
    expect((within(dialog).getByRole('textbox', { name: /FQDN/ }) as HTMLInputElement).value).toBe('news.example.com');
  });

  it('says when there is none', async () => {
    await renderSection((s) => <s.Domain conversationId="c1" domainOrUrl="quiet.example.org" />);
    expect(await screen.findByText('No analyst insights.')).toBeTruthy();
  });
});
