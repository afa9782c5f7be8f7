import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conversation, fakeApi, project, type FakeApi } from '../testing/fakeApi';
import { renderWithApp } from '../testing/harness';
import Picker from '../picker/Picker';
import { focusManagerSettled } from '@core/client/testing/teardown';

beforeEach(() => window.localStorage.clear());
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

async function openCreate(api: FakeApi = fakeApi({ projects: [project('p1', 'Elections')] })) {
  await renderWithApp(Picker, { api, path: '/projects/Elections' });
  await userEvent.click(await screen.findByRole('button', { name: 'Create conversation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Conversation' });
  return { api, dialog, q: within(dialog) };
}

/** The spec's messages have two spaces in places: compare them as they are. */
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
const queryBox = (q: ReturnType<typeof within>) => q.getByRole('textbox', { name: /Query/ }) as HTMLTextAreaElement;

describe('Create Conversation', () => {
  it('shows query errors inline with the positions highlighted and saves nothing; fixed, it creates the conversation', async () => {
    const { api, dialog, q } = await openCreate();
    await userEvent.type(q.getByRole('textbox', { name: /Name/ }), 'Ballots');
    fireEvent.change(queryBox(q), { target: { value: 'ballots and (fraud' } });
    await userEvent.click(q.getByRole('button', { name: 'Create' }));
    const errors = await q.findByTestId('query-errors');
    expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'non-uppercase keyword found at position 8: "ballots and (fraud"',
      'unbalanced parentheses starting at position 12: "…llots and (fraud"',
    ]);
    const marks = q.getByTestId('query-highlight').querySelectorAll('mark');
    expect([...marks].map((m) => [m.dataset.position, m.textContent])).toEqual([['8', 'and'], ['12', '(']]);
    // Clicking a message puts the caret on its position.
    await userEvent.click(within(errors).getAllByRole('button')[1]!);
    expect(queryBox(q).selectionStart).toBe(12);
    expect(api.mutations()).toEqual([]);

    fireEvent.change(queryBox(q), { target: { value: 'ballots AND (fraud OR rigged)' } });
    expect(q.queryByTestId('query-errors')).toBeNull();
    await userEvent.click(q.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = api.mutations().find((c) => c.method === 'POST' && c.path === '/api/v2/conversations')!;
    expect(post.body).toMatchObject({ name: 'Ballots', project_id: 'p1', query_string: 'ballots AND (fraud OR rigged)', threat_feed: false, language: 'en' });
    // The last 3 days by default, in UTC, to the minute.
    expect(Date.parse(post.body.end_date) - Date.parse(post.body.start_date)).toBe(3 * 24 * 3600 * 1000);
    expect(Math.abs(Date.parse(post.body.end_date) - Date.now())).toBeLessThan(120_000);
    expect(dialog.isConnected).toBe(false);
    await waitFor(() => expect(screen.getAllByTestId('conversation-item')).toHaveLength(1));
  });

  it('converts pasted curly quotes to straight ones', async () => {
    const { dialog, q } = await openCreate();
    // The dialog moves focus to its first field when it opens (an effect): wait for that, or it can take focus back
    // from the query box after the box got it and the paste lands in the name.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    queryBox(q).focus();
    await userEvent.paste('\u201cnet zero\u201d AND \u2018policy\u2019');
    await waitFor(() => expect(queryBox(q).value).toBe('"net zero" AND \'policy\''));
  });

  it('gives a date ending in T midnight and refuses an invalid date with the spec message', async () => {
    const { api, q } = await openCreate();
    await userEvent.type(q.getByRole('textbox', { name: /Name/ }), 'Dates');
    fireEvent.change(queryBox(q), { target: { value: 'vote' } });
    const set = (label: RegExp, value: string) => fireEvent.change(q.getByRole('textbox', { name: label }), { target: { value } });
    set(/Start date/, '2026-02-30');
    await userEvent.click(q.getByRole('button', { name: 'Create' }));
    expect(await q.findByText('There was an error with one of your date or time fields. The date must be in the format yyyy-mm-dd and the time must be in the format hh:mm.')).toBeTruthy();
    expect(api.mutations()).toEqual([]);
    set(/Start date/, '2026-02-01'); set(/Start time/, '');
    set(/End date/, '2026-02-03'); set(/End time/, '12:30');
    await userEvent.click(q.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.mutations()[0]?.body).toMatchObject({ start_date: '2026-02-01T00:00:00.000Z', end_date: '2026-02-03T12:30:00.000Z' }));
  });

  it('maps each failed create to the spec\'s message', async () => {
    const cases: Array<[number, string, string]> = [
      [422, "The third-party data source query quota has been reached. Please contact your organization's administrator.", "The third-party data source query quota has been reached. Please contact your organization's administrator."],
      [400, 'Your boolean string could not be validated: no query string provided', 'There was an error with your query string input. Please review the query language syntax and try again. Operators are case-sensitive and quotes are required for special characters, non-English characters, and multi-word key-phrases.'],
      [400, 'Your start date or end date is invalid', 'There was an error with one of your date or time fields. The date must be in the format yyyy-mm-dd and the time must be in the format hh:mm.'],
      [500, 'Internal server error', 'There was an error creating your conversation.  Please wait a moment and try again.'],
      [404, 'Project not found', 'There was an error creating your conversation.  Please wait a moment and try again.'],
    ];
    for (const [status, server, shown] of cases) {
      const api = fakeApi({ projects: [project('p1', 'Elections')] });
      api.failNext('POST', /^\/api\/v2\/conversations$/, status, [server]);
      const { q } = await openCreate(api);
      await userEvent.type(q.getByRole('textbox', { name: /Name/ }), 'x');
      fireEvent.change(queryBox(q), { target: { value: 'vote' } });
      await userEvent.click(q.getByRole('button', { name: 'Create' }));
      const message = await q.findByText(shown, exact);
      expect(message.textContent).toBe(shown);
      // Rolled back: the optimistic PENDING item is gone again.
      await userEvent.click(q.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryAllByTestId('conversation-item')).toHaveLength(0));
      cleanup();
      vi.unstubAllGlobals();
      await focusManagerSettled();
    }
  });

  it('says why the live preview has no counts when the search ran past the server\'s time budget (408)', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections')] });
    const tooSlow = 'This query took too long to preview. Narrow it with fewer terms or a shorter date range.';
    api.failNext('POST', /^\/api\/v2\/conversations\/preview$/, 408, [tooSlow]);
    const { q } = await openCreate(api);
    const box = queryBox(q);
    fireEvent.change(box, { target: { value: 'vote' } });
    expect(await q.findByText(tooSlow, {}, { timeout: 3000 })).toBeTruthy();
    // Another failure keeps the general words.
    api.failNext('POST', /^\/api\/v2\/conversations\/preview$/, 500, ['Internal server error']);
    fireEvent.change(box, { target: { value: 'ballots' } });
    expect(await q.findByText('The preview is not available right now.', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('requires a name, and offers en, es and zh', async () => {
    const { api, q } = await openCreate();
    fireEvent.change(queryBox(q), { target: { value: 'vote' } });
    await userEvent.click(q.getByRole('button', { name: 'Create' }));
    expect(q.getByText('Conversation name is required')).toBeTruthy();
    expect(api.mutations()).toEqual([]);
    const language = q.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...language.options].map((o) => [o.value, o.textContent])).toEqual([['en', 'English'], ['es', 'Spanish'], ['zh', 'Chinese']]);
    expect(language.value).toBe('en');
  });
});

describe('Edit Conversation', () => {
  it('disables the other mode, re-runs when the query changed, and shows the edit message on failure', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections')], conversations: [conversation('Daily', { threat_feed: true, start_date: null, end_date: null, status: 'SUCCESS' })] });
    await renderWithApp(Picker, { api, path: '/projects/Elections' });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Daily' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Conversation' });
    const q = within(dialog);
    expect((q.getByRole('radio', { name: 'Date range' }) as HTMLInputElement).disabled).toBe(true);
    expect((q.getByRole('radio', { name: /Continuous/ }) as HTMLInputElement).checked).toBe(true);
    api.failNext('PUT', /\/api\/v2\/conversations\/Daily/, 500, ['Internal server error']);
    await userEvent.click(q.getByRole('switch', { name: 'Pause the daily runs' }));
    await userEvent.click(q.getByRole('button', { name: 'Save Changes' }));
    expect(await q.findByText('There was an error editing your conversation.  Please wait a moment and try again.', exact)).toBeTruthy();
    fireEvent.change(queryBox(q), { target: { value: 'ballots OR votes' } });
    await userEvent.click(q.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = api.mutations().filter((c) => c.method === 'PUT').at(-1)!;
    // This analyst lacks RERUN_SCHEDULED_QUERY: a continuous conversation's edit does not re-run it.
    expect(put.body).toMatchObject({ query_string: 'ballots OR votes', suspended: true, rerun: false, threat_feed: true });
    await waitFor(() => expect(screen.getByTestId('icon-suspended')).toBeTruthy());
  });
});
