import { defineStage } from '@core/server/plugin/contract';
import { nowIso, tablesOf } from '@core/server/storage/database';

interface Tables {
  template_stage_runs: { run_id: string; conversation_id: string; ran_at: string };
}

/** A pipeline stage: idempotent (a re-run of the same run id changes nothing) and writes only its own table. */
export const recordRunStage = defineStage({
  id: 'template.recordRun',
  title: 'Record that the run reached the template stage',
  version: 1,
  dagStep: 5,
  dependsOn: [],
  async run(ctx) {
    const db = tablesOf<Tables>(ctx.storage);
    await db.insertInto('template_stage_runs')
      .values({ run_id: ctx.runId, conversation_id: ctx.conversationId, ran_at: nowIso() })
      .onConflict((oc) => oc.column('run_id').doNothing())
      .execute();
    ctx.progress(1);
  },
});
