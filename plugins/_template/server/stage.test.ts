import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceRegistry } from '@core/shared/services/registry';
import { createLogger } from '@core/server/logger';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import templateServer from './index';
import { recordRunStage } from './stage';

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins: [templateServer] }); });
afterAll(async () => t?.close());

describe('template.recordRun stage', () => {
  it('records the run once, however often it runs', async () => {
    const runId = crypto.randomUUID();
    const progress: number[] = [];
    const organizationId = crypto.randomUUID();
    const conversationId = crypto.randomUUID();
    const ctx = {
      run: { conversationId, organizationId, queryString: 'a', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-02T00:00:00.000Z',
        language: null, useExistingData: false, runType: 'STATIC_RUN' as const },
      storage: t.storage, logger: createLogger('silent'), services: new ServiceRegistry(),
      organizationId, conversationId, runId,
      progress: (f: number) => progress.push(f), signal: new AbortController().signal,
    };
    await recordRunStage.run(ctx);
    await recordRunStage.run(ctx);
    const rows = await t.storage.db.selectFrom('template_stage_runs' as never).selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ run_id: runId, conversation_id: ctx.conversationId });
    expect(progress).toEqual([1, 1]);
  });
});
