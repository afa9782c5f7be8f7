import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUser, renderWithSession, testAccessActors, testSession } from '@core/client/session/testing';
import { BUILTIN_DATA_SOURCES, LOCAL_ARCHIVE_ID } from '../../shared/dataSources';
import DataSourcesPage from './DataSourcesPage';

configure({ asyncUtilTimeout: 10_000 });

type Source = { id: string; name: string; record_limit: number | null; source: string; enabled: boolean; editable: boolean; available: boolean; customized: boolean };
let sources: Source[];
let sent: Array<{ path: string; method: string; body: unknown }>;

const envelope = (data: unknown, status = 200, errors: string[] = []) =>
  new Response(JSON.stringify({ data, metadata: { errors, info: null, msg: errors[0] ?? null, pagination_info: null } }), { status });

beforeEach(() => {
  sources = BUILTIN_DATA_SOURCES.map((s) => ({
    id: s.id, name: s.name, record_limit: s.record_limit, source: s.source, enabled: s.enabled, editable: true, available: s.enabled, customized: false,
  }));
  sent = [];
  // The browser boundary: answer the data source calls as the server does.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ path, method, body });
    if (path === '/api/v2/posts/data-sources' && method === 'GET') return envelope(sources);
    const m = /^\/api\/v2\/posts\/data-sources\/([^/]+)\/organization$/.exec(path);
    if (m && method === 'PUT') {
      const i = sources.findIndex((s) => s.id === m[1]);
      sources[i] = { ...sources[i]!, ...(body as object), customized: true };
      return envelope(sources[i]);
    }
    if (path === '/api/v2/posts/data-vendor' && method === 'PUT') {
      const { data_vender: vendor, enable } = body as { data_vender: string; enable: boolean };
      const i = sources.findIndex((s) => s.source === vendor);
      sources[i] = { ...sources[i]!, enabled: enable, customized: true };
      return envelope({ data_vender: vendor, enable });
    }
    return envelope(null, 404, ['Not found']);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A stand-in for the browser's XMLHttpRequest that records the upload and lets the test answer it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) { this.method = method; this.url = url; FakeXhr.last = this; }
  setRequestHeader(name: string, value: string) { this.headers[name] = value; }
  send(body: unknown) { this.body = body; }
  abort() { this.onabort?.(); }
  answer(status: number, json: unknown) { this.status = status; this.responseText = JSON.stringify(json); this.onload?.(); }
}

function render(user = currentUser({ is_org_admin: true, permissions: ['READ_DATA_SOURCE', 'ADD_DATA_SOURCE_TO_ORGANIZATION', 'REMOVE_DATA_SOURCE_FROM_ORGANIZATION'] })) {
  const { actor } = testSession([user]);
  renderWithSession(() => <DataSourcesPage />, { path: '/myOrganization/$page', url: '/myOrganization/datasources', session: actor, access: testAccessActors(actor) });
}

describe('/myOrganization/datasources', () => {
  it("lists the organisation's data sources and switches one off and limits one", async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Data sources' });
    expect(within(table).getAllByRole('row')).toHaveLength(BUILTIN_DATA_SOURCES.length + 1);
    const local = screen.getByRole('switch', { name: 'Use Local archive in this organisation' });
    expect((local as HTMLInputElement).checked).toBe(true);
    // Network collectors are off for the installation: the organisation cannot switch them on.
    expect((screen.getByRole('switch', { name: 'Use Bluesky in this organisation' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(table).getAllByText('Switched off for this installation')).toHaveLength(BUILTIN_DATA_SOURCES.length - 1);

    await userEvent.click(local);
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Use Local archive in this organisation' }) as HTMLInputElement).checked).toBe(false));
    // The switch is the spec's data vendor toggle: data_vender (the source key) and enable.
    expect(sent.at(-1)).toEqual({ path: '/api/v2/posts/data-vendor', method: 'PUT', body: { data_vender: 'local', enable: false } });

    const limit = screen.getByRole('spinbutton', { name: 'Record limit of Local archive' });
    await userEvent.type(limit, '0');
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 1 to 20000, or leave it empty for no limit.');
    const row = limit.closest('tr')!;
    expect((within(row as HTMLElement).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(limit);
    await userEvent.type(limit, '250');
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ path: `/api/v2/posts/data-sources/${LOCAL_ARCHIVE_ID}/organization`, method: 'PUT', body: { record_limit: 250 } }));
    await waitFor(() => expect((screen.getByRole('spinbutton', { name: 'Record limit of Local archive' }) as HTMLInputElement).value).toBe('250'));
  });

  it('uploads a file with its format and platform, shows progress, then the counts and the rejected rows', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    document.cookie = 'csrf_access_token=csrf-123';
    render();
    const file = new File(['message_id,user_id\n'], 'export.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('File to import'), file);
    expect((screen.getByRole('combobox', { name: 'Format' }) as HTMLSelectElement).value).toBe('csv');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'telegram');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v2/posts/import?format=csv&platform=telegram&file_name=export.csv');
    expect(xhr.headers).toMatchObject({ 'Content-Type': 'application/octet-stream', 'X-CSRF-TOKEN': 'csrf-123' });
    expect(xhr.body).toBe(file);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    expect(await screen.findByText('Uploading and importing… 50%')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);

    xhr.answer(200, { data: {
      format: 'csv', records: 1203, imported: 1150, duplicates: 50, rejected: 3, seconds: 1.2,
      problems: [{ line: 3, reason: 'user_id: required' }, { line: 9, reason: 'timestamp: required' }, { line: 12, reason: '<b>not html</b>' }],
    }, metadata: { errors: [], info: null, msg: null, pagination_info: null } });
    const result = await screen.findByRole('status', { name: 'Import result' });
    expect(result.textContent).toContain('1,203 records read: 1,150 imported, 50 already stored, 3 rejected.');
    const rows = within(screen.getByRole('table', { name: 'Rejected rows' })).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['3user_id: required', '9timestamp: required', '12<b>not html</b>']);
    expect(screen.queryByText('Uploading and importing… 50%')).toBeNull();
  });

  it("shows the server's message when the import is refused", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    render();
    await userEvent.upload(await screen.findByLabelText('File to import'), new File(['id,text\n'], 'bad.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    FakeXhr.last!.answer(400, { data: null, metadata: { errors: ['CSV header lacks the toolkit columns: message_id'], info: null, msg: null, pagination_info: null } });
    expect(await screen.findByText('CSV header lacks the toolkit columns: message_id')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows no import to analysts and read-only switches without the data source permissions', async () => {
    render(currentUser({ permissions: ['READ_DATA_SOURCE'] }));
    await screen.findByRole('table', { name: 'Data sources' });
    expect((screen.getByRole('switch', { name: 'Use Local archive in this organisation' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('spinbutton', { name: 'Record limit of Local archive' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Import posts' })).toBeNull();
  });
});
