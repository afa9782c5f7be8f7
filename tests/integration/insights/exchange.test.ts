import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@core/shared/api/cookies';
import { INSIGHT_MESSAGES } from '@plugins/insights/shared/api';
import { IMPORT_MESSAGES } from '@plugins/insights/server/exchange/messages';
import { signIn, startServer } from './support';

/**
 * Import and export of insights over HTTP (issue 13, item 5): a CSV or JSON upload becomes pending insights (source
 * import) with the refused rows named by line; nothing is stored from a file refused whole; the export carries only
 * approved insights, as CSV that re-imports, JSON, or a STIX 2.1 bundle.
 */
let t: TestServer;
let analyst: ApiClient;
let senior: ApiClient;
let reader: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  t = await startServer();
  ({ client: analyst } = await signIn(t, 'Org X', 'Analyst'));
  ({ client: senior } = await signIn(t, 'Org X', 'Senior Analyst'));
  ({ client: reader } = await signIn(t, 'Org X', 'Reader'));
  ({ client: other } = await signIn(t, 'Org Y', 'Senior Analyst'));
});
afterAll(async () => t?.close());

/** Uploads `text` as the import's body, as the browser sends a file. */
async function upload(client: ApiClient, text: string | Buffer, format: 'csv' | 'json', csrf = true) {
  const res = await fetch(`${t.url}/api/v2/insights/import?format=${format}&file_name=insights.${format}`, {
    method: 'POST', body: typeof text === 'string' ? text : new Uint8Array(text),
    headers: {
      'Content-Type': 'application/octet-stream', Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(csrf ? { [CSRF_HEADER]: client.cookies.get(CSRF_ACCESS_COOKIE)! } : {}),
    },
  });
  const body = await res.json() as { data: any; metadata: { errors: string[] } };
  return { status: res.status, body };
}

const list = async (client: ApiClient) => (await client.get('/api/v2/insights')).body.data as Array<{ id: string; status: string; source: string; analyzable_id: string }>;

const CSV = [
  'analyzable_type,analyzable_id,platform,screen_name,name,subcategory,country_of_origin',
  'domain,pravda-mirror.example,,,Pravda Mirror,Russian State Media;Other State Media,Russia',
  'account,,twitter,,,,',
  'account,tw-9,twitter,handle_nine,"Nine, the account",Financial Influencer,',
  'domain,not-a-domain,,,Outlet only,,',
].join('\r\n');

describe('POST /api/v2/insights/import', () => {
  it('stores the valid rows as pending imported insights and names every refused row by its line', async () => {
    const res = await upload(analyst, CSV, 'csv');
    expect(res.status).toBe(200);
    expect(res.body.data.imported).toBe(2);
    expect(res.body.data.refused).toEqual([
      { line: 3, errors: [`Line 3: ${INSIGHT_MESSAGES.accountIdentification}`] },
      { line: 5, errors: [`Line 5: ${INSIGHT_MESSAGES.fqdn}`] },
    ]);
    const stored = await list(analyst);
    expect(stored.map((i) => [i.analyzable_id, i.status, i.source]).sort()).toEqual([
      ['pravda-mirror.example', 'pending', 'import'], ['tw-9', 'pending', 'import'],
    ]);
    const audit = await t.storage.db.selectFrom('core_event_audit').select(['event_type', 'detail']).where('event_type', '=', 'insights_imported').execute();
    expect(audit.map((a) => JSON.parse(a.detail))).toEqual([{ file_name: 'insights.csv', format: 'csv', imported: 2, refused: 2 }]);
  });

  it('refuses a row for an account or domain that already has a live insight, and a JSON array row by its line', async () => {
    const json = `[\n  {"analyzable_type": "domain", "analyzable_id": "PRAVDA-MIRROR.example", "additional_properties": {"region": "Europe"}},\n  {"analyzable_type": "domain", "analyzable_id": "fresh.example", "additional_properties": {"role": "Media Outlet"}}\n]`;
    const res = await upload(analyst, json, 'json');
    expect(res.status).toBe(200);
    expect(res.body.data.imported).toBe(1);
    expect(res.body.data.refused).toEqual([{ line: 2, errors: [`Line 2: ${INSIGHT_MESSAGES.alreadyStored}`] }]);
    expect((await list(analyst)).map((i) => i.analyzable_id).sort()).toEqual(['fresh.example', 'pravda-mirror.example', 'tw-9']);
  });

  it('refuses a file that cannot be read whole, stores nothing, and answers 413 past 5 MB', async () => {
    const before = await list(analyst);
    const broken = await upload(analyst, 'analyzable_type,analyzable_id\ndomain,"unclosed.example\n', 'csv');
    expect(broken.status).toBe(400);
    expect(broken.body.metadata.errors).toEqual([IMPORT_MESSAGES.unclosedQuote(2)]);
    const big = await upload(analyst, Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 'csv');
    expect(big.status).toBe(413);
    expect(big.body.metadata.errors).toEqual([IMPORT_MESSAGES.tooLarge]);
    expect(await list(analyst)).toEqual(before);
  });

  it('is refused to a user without an insight role and without the CSRF header, storing nothing', async () => {
    const before = await list(analyst);
    const readOnly = await upload(reader, CSV, 'csv');
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.metadata.errors).toEqual(['You do not have permission to change insights.']);
    const noCsrf = await upload(analyst, CSV, 'csv', false);
    expect(noCsrf.status).toBe(401);
    expect(noCsrf.body.metadata.errors).toEqual(['no auth token found']);
    expect(await list(analyst)).toEqual(before);
  });
});

describe('GET /api/v2/insights/export', () => {
  it('exports only approved insights of the caller\'s organisation, as CSV that re-imports, JSON and STIX 2.1', async () => {
    const pending = await list(senior);
    const domain = pending.find((i) => i.analyzable_id === 'pravda-mirror.example')!;
    expect((await senior.patch('/api/v2/insights', { id: domain.id, status: 'approved' })).status).toBe(200);

    const csv = await senior.get('/api/v2/insights/export?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="insights-approved.csv"');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('pravda-mirror.example');

    const json = await senior.get('/api/v2/insights/export?format=json');
    expect(JSON.parse(json.text).map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[domain.id, 'approved']]);

    const stix = JSON.parse((await senior.get('/api/v2/insights/export?format=stix')).text) as { type: string; objects: Array<{ type: string; id: string; name?: string; value?: string; threat_actor_types?: string[] }> };
    expect(stix.type).toBe('bundle');
    const types = stix.objects.map((o) => o.type).sort();
    expect(types).toEqual(['domain-name', 'identity', 'identity', 'relationship', 'relationship', 'threat-actor']);
    expect(stix.objects.find((o) => o.type === 'domain-name')!.value).toBe('pravda-mirror.example');
    expect(stix.objects.find((o) => o.type === 'threat-actor')!.threat_actor_types).toEqual(['nation-state']);

    // Organisation Y sees none of X's insights; re-importing X's CSV there creates them as Y's own pending ones.
    expect(JSON.parse((await other.get('/api/v2/insights/export?format=json')).text)).toEqual([]);
    const again = await upload(other, csv.text, 'csv');
    expect(again.body.data).toMatchObject({ imported: 1, refused: [] });
    expect((await list(other)).map((i) => [i.analyzable_id, i.status])).toEqual([['pravda-mirror.example', 'pending']]);
    expect((await list(senior)).find((i) => i.id === domain.id)!.status).toBe('approved');
  });
});
