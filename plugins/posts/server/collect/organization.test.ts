import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@core/server/logger';
import type { RunRequest, StageContext } from '@core/server/pipeline/stages';
import { ensureOrganization } from '@core/server/seed';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { ServiceRegistry } from '@core/shared/services/registry';
import postsServer from '../index';
import { networkCollectorFactories } from '../collectors';
import { dataSourceDb } from '../dataSources/organization';
import { normalizePost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import { LOCAL_ARCHIVE_ID } from '../../shared/dataSources';
import { runCollect } from './stage';

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins: [postsServer] }); });
afterAll(async () => t?.close());

let orgs = 0;
async function organisation() {
  const org = await ensureOrganization(t.storage, `Stage Org ${++orgs}`);
  await new PostWriter(t.storage, org, 'import').write(['1', '2', '3'].map((rid, i) => normalizePost({
    platform: 'twitter', rid, body: `climate post number ${rid} for the test`, published_at: new Date(Date.UTC(2025, 4, 2 + i)).toISOString(), author: { rid: 'a' },
  })));
  return org;
}

function context(organizationId: string): StageContext & { usage: unknown[] } {
  const usage: unknown[] = [];
  const run: RunRequest = {
    conversationId: crypto.randomUUID(), organizationId, queryString: 'climate', startDate: '2025-05-01T00:00:00.000Z', endDate: '2025-06-01T00:00:00.000Z',
    language: null, useExistingData: false, runType: 'STATIC_RUN',
  };
  return {
    storage: t.storage, run, logger: createLogger('silent'), services: new ServiceRegistry(), organizationId, conversationId: run.conversationId,
    runId: crypto.randomUUID(), progress: () => {}, signal: new AbortController().signal, usage, recordUsage: async (u) => { usage.push(u); },
  };
}

const choose = (organizationId: string, enabled: boolean, recordLimit: number | null) => dataSourceDb(t.storage).insertInto('posts_organization_data_sources')
  .values({ organization_id: organizationId, data_source_id: LOCAL_ARCHIVE_ID, enabled: enabled ? 1 : 0, record_limit: recordLimit, updated_by: null, updated_at: new Date().toISOString() })
  .execute();

describe('posts.collect and the organisation\'s data sources', () => {
  it("uses the organisation's record_limit; another organisation keeps the installation's", async () => {
    const limited = await organisation();
    const open = await organisation();
    await choose(limited, true, 1);
    const a = await runCollect(context(limited), networkCollectorFactories);
    expect(a).toMatchObject({ collectedRecords: 1, collectors: [{ name: 'Local archive', source: 'local', record_limit: 1, collected_records: 1, status: 'SUCCESS' }] });
    const b = await runCollect(context(open), networkCollectorFactories);
    expect(b).toMatchObject({ collectedRecords: 3, collectors: [{ name: 'Local archive', record_limit: null, collected_records: 3 }] });
  });

  it('skips the local archive when the organisation switched it off', async () => {
    const org = await organisation();
    await choose(org, false, null);
    const ctx = context(org);
    expect(await runCollect(ctx, networkCollectorFactories)).toEqual({ collectedRecords: 0, reusedFromRunId: null, collectors: [] });
    expect(ctx.usage).toEqual([]);
  });
});
