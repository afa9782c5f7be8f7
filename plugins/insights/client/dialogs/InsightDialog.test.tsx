import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionSubject } from '@core/shared/access/permissions';
import { INSIGHT_MESSAGES, type Insight } from '../../shared/api';
import { analyst, ADA, fakeInsightsApi, insight, reader, SAM, seniorAnalyst, type FakeInsightsApi } from '../testing/fakeInsightsApi';
import { renderWithInsights } from '../testing/harness';
import { InsightDialog, type DialogTarget } from './InsightDialog';

configure({ asyncUtilTimeout: 5_000 });

let api: FakeInsightsApi;
let closed: number;
beforeEach(() => {
  closed = 0;
  api = fakeInsightsApi([
    insight(1, { status: 'pending', user_id: '42', screen_name: 'bob', link: 'https://x.com/bob', properties: { region: 'Europe', name: 'Bob' } }),
    insight(2, { status: 'approved', analyzable_type: 'domain', analyzable_id: 'news.example.com', platform: null, screen_name: null,
      properties: { name: 'Example News', country_of_origin: 'France', subcategory: [] } }),
  ]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(target: DialogTarget, user: PermissionSubject = analyst) {
  const result = await renderWithInsights(<InsightDialog target={target} onClose={() => { closed++; }} />, { api, user });
  return { ...result, dialog: await screen.findByRole('dialog') };
}
const stored = (n: number) => api.insights[n - 1]!;
const writes = () => api.calls.filter((c) => c.method !== 'GET');
const choose = (label: string, option: string) => userEvent.selectOptions(screen.getByLabelText(label, { exact: false }), option);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));

describe('Add insight: section 5 checks before anything is sent', () => {
  it('without a type: "unknown insight type selected"', async () => {
    await open({ mode: 'add' });
    await submit();
    expect(await screen.findByText(INSIGHT_MESSAGES.unknownType)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('an account needs a platform and one identification field; the group says so', async () => {
    await open({ mode: 'add' });
    await choose('Type', 'account');
    expect(screen.getByRole('group', { name: 'Account Identification' })).toBeTruthy();
    expect(screen.getByText('You must fill in at least 1 of these fields')).toBeTruthy();
    await submit();
    expect(await screen.findByText('Platform is required.')).toBeTruthy();
    expect(screen.getByText('At least one Account Identification field is required.')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('a domain needs a fully-qualified name, then one field besides Outlet', async () => {
    await open({ mode: 'add', initial: { type: 'domain' } });
    expect(screen.getByText('You must fill in FQDN and at least 1 other field besides Outlet')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /FQDN/ }), 'localhost');
    await submit();
    expect(await screen.findByText('a fully-qualified domain name, including TLD, must be provided.')).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: /FQDN/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /FQDN/ }), 'News.Example.org');
    await userEvent.type(screen.getByRole('textbox', { name: 'Outlet' }), 'Example');
    await submit();
    expect(await screen.findByText('FQDN, and at least one other field besides Outlet, are required.')).toBeTruthy();
    expect(writes()).toEqual([]);
    await choose('Country of origin', 'France');
    await submit();
    await waitFor(() => expect(closed).toBe(1));
    expect(writes()[0]!.body).toMatchObject({ analyzable_type: 'domain', analyzable_id: 'News.Example.org', additional_properties: { name: 'Example', country_of_origin: 'France' } });
  });
});

describe('Add insight: what is sent', () => {
  it('trims every field and sends empty ones as null', async () => {
    await open({ mode: 'add', initial: { type: 'account' } });
    await choose('Platform', 'twitter');
    await userEvent.type(screen.getByRole('textbox', { name: 'Handle' }), '  bob  ');
    await userEvent.type(screen.getByRole('textbox', { name: 'User id' }), '   ');
    await choose('Region', 'Europe');
    await submit();
    await waitFor(() => expect(closed).toBe(1));
    expect(writes()).toHaveLength(1);
    expect(writes()[0]!.body).toEqual({
      analyzable_type: 'account', analyzable_id: null, platform: 'twitter', user_id: null, screen_name: 'bob', link: null,
      confidence: null, permanence: null,
      additional_properties: {
        name: null, country_of_origin: null, operating_country: null, state_association: null, region: 'Europe', language: null,
        subcategory: null, role: null,
      },
    });
  });

  it('subcategories are chosen from groups named after their risk category', async () => {
    await open({ mode: 'add', initial: { type: 'account', platform: 'twitter', screen_name: 'bob' } });
    await userEvent.click(screen.getByRole('combobox', { name: 'Subcategory' }));
    // Fluent's multiselect list is a menu of checkable items.
    const list = await screen.findByRole('menu');
    const russia = within(list).getByRole('group', { name: 'State Associated - Russia' });
    await userEvent.click(within(russia).getByRole('menuitemcheckbox', { name: 'Russian State Media' }));
    expect(within(list).getByRole('group', { name: 'Pink Slime' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await submit();
    await waitFor(() => expect(closed).toBe(1));
    expect(writes()[0]!.body.additional_properties.subcategory).toEqual(['Russian State Media']);
  });

  it.each([
    ['the first of metadata.errors', { errors: ['Platform is required.', 'other'] }, 400, 'Platform is required.'],
    ['"unexpected response code {status}" when the answer has none', { errors: [] }, 503, 'unexpected response code 503'],
    ['the create message when the answer is not JSON', { notJson: true }, 502, INSIGHT_MESSAGES.createFailed],
  ])('a refused create shows %s and keeps the form', async (_, answer, status, message) => {
    api.failNext('POST', /insights$/, status, answer);
    await open({ mode: 'add', initial: { type: 'account', platform: 'twitter', screen_name: 'bob' } });
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(closed).toBe(0);
    expect((screen.getByRole('textbox', { name: 'Handle' }) as HTMLInputElement).value).toBe('bob');
  });
});

describe('Edit insight', () => {
  it('user id, handle and link are read-only; the type cannot change', async () => {
    await open({ mode: 'edit', insight: stored(1) });
    for (const name of ['User id', 'Handle', 'Link']) expect(screen.getByRole('textbox', { name }).hasAttribute('readonly')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Name' }).hasAttribute('readonly')).toBe(false);
    expect((screen.getByLabelText('Type', { exact: false }) as HTMLSelectElement).disabled).toBe(true);
  });

  it('an account keeps at least one value', async () => {
    await open({ mode: 'edit', insight: stored(1) });
    await userEvent.clear(screen.getByRole('textbox', { name: 'Name' }));
    await choose('Country of origin', '');
    await choose('Region', '');
    await userEvent.click(screen.getByRole('combobox', { name: 'Subcategory' }));
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Russian State Media' });
    expect(item.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(item);
    await userEvent.keyboard('{Escape}');
    await submit();
    expect(await screen.findByText(INSIGHT_MESSAGES.editAnyValue)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('a domain keeps at least one value other than Outlet', async () => {
    await open({ mode: 'edit', insight: stored(2) });
    expect(screen.getByRole('textbox', { name: /FQDN/ }).hasAttribute('readonly')).toBe(true);
    await choose('Country of origin', '');
    await submit();
    expect(await screen.findByText(INSIGHT_MESSAGES.editOtherThanOutlet)).toBeTruthy();
  });

  it('sends the edit with cleared fields as null, never the identification', async () => {
    await open({ mode: 'edit', insight: stored(1) });
    await userEvent.clear(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' Robert ');
    await choose('Region', '');
    await submit();
    await waitFor(() => expect(closed).toBe(1));
    const body = writes()[0]!.body;
    expect(body).toMatchObject({ id: stored(1).id, platform: 'twitter', additional_properties: { name: 'Robert', region: null, country_of_origin: 'Russia' } });
    expect(Object.keys(body)).not.toContain('user_id');
    expect(Object.keys(body)).not.toContain('screen_name');
    expect(Object.keys(body)).not.toContain('link');
  });

  it('a failed update shows the spec message', async () => {
    api.failNext('PATCH', /insights$/, 500, { errors: ['database is locked'] });
    await open({ mode: 'edit', insight: stored(1) });
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred while updating this insights.  Please try again later.');
    expect(screen.queryByText('database is locked')).toBeNull();
  });
});

describe('Review insight', () => {
  const withHistory = (): Insight => insight(7, {
    status: 'pending',
    changes: [
      { at: '2025-02-03T10:00:00.000Z', by: ADA, action: 'submit', from_status: 'approved', to_status: 'pending', fields: { region: { from: 'Asia', to: 'Europe' } } },
      { at: '2025-02-01T10:00:00.000Z', by: ADA, action: 'submit', from_status: null, to_status: 'pending', fields: {} },
      { at: '2025-02-02T10:00:00.000Z', by: SAM, action: 'approve', from_status: 'pending', to_status: 'approved', fields: {} },
    ],
  });

  it('shows the insight and its history oldest to newest: who, when, what', async () => {
    api.insights.push(withHistory());
    await open({ mode: 'review', insight: withHistory() });
    const items = within(screen.getByRole('list', { name: 'Change history' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      `${new Date('2025-02-01T10:00:00.000Z').toLocaleString()} · Ada LovelaceSubmitted for review`,
      `${new Date('2025-02-02T10:00:00.000Z').toLocaleString()} · Sam SeniorApproved (Pending → Approved)`,
      `${new Date('2025-02-03T10:00:00.000Z').toLocaleString()} · Ada LovelaceEdited and submitted for review (Approved → Pending); region: Asia → Europe`,
    ]);
    expect(within(screen.getByRole('dialog')).getByText('@handle7')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Insight' })).getByText('handle7')).toBeTruthy();
  });

  it.each<[string, PermissionSubject, number, string[]]>([
    ['a senior analyst on a pending insight', seniorAnalyst, 1, ['Approve', 'Decline', 'Edit', 'Delete']],
    ['an analyst on a pending insight', analyst, 1, ['Edit', 'Delete']],
    ['an analyst on an approved insight', analyst, 2, ['Edit']],
    ['a senior analyst on an approved insight', seniorAnalyst, 2, ['Edit', 'Delete']],
    ['a reader', reader, 1, []],
  ])('%s is offered %j', async (_, user, n, offered) => {
    await open({ mode: 'review', insight: stored(n) }, user);
    const buttons = ['Approve', 'Decline', 'Edit', 'Delete'].filter((name) => screen.queryByRole('button', { name }));
    expect(buttons).toEqual(offered);
  });

  it('Approve sets the insight approved and closes', async () => {
    await open({ mode: 'review', insight: stored(1) }, seniorAnalyst);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(writes()[0]!.body).toEqual({ id: stored(1).id, status: 'approved' });
  });

  it('Delete asks "Are you sure you want to delete this insight?" first', async () => {
    await open({ mode: 'review', insight: stored(2) }, seniorAnalyst);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Are you sure you want to delete this insight?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'No, keep it' }));
    expect(screen.queryByText('Are you sure you want to delete this insight?')).toBeNull();
    expect(writes()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(writes()[0]!.body).toEqual({ id: stored(2).id, status: 'deleted' });
  });

  it('Edit from the review goes back to the review with the insight pending again', async () => {
    await open({ mode: 'review', insight: stored(2) }, analyst);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await choose('Region', 'Europe');
    await submit();
    await waitFor(() => expect(screen.getByRole('table', { name: 'Insight' })).toBeTruthy());
    expect(within(screen.getByRole('dialog')).getByText('Pending')).toBeTruthy();
    expect(closed).toBe(0);
  });

  it('insight text is shown as text, never as HTML', async () => {
    const hostile = insight(9, { properties: { name: '<img src=x onerror=alert(1)>' }, screen_name: null });
    await open({ mode: 'review', insight: hostile });
    expect(screen.getAllByText('<img src=x onerror=alert(1)>').length).toBeGreaterThan(0);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
