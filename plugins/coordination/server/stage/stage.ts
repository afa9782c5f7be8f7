import { defineStage } from '@core/server/plugin/contract';
import { runInWorker } from '@core/server/pipeline/workerThread';
import { URLS_STAGE_ID } from '@plugins/enrichment/shared/public';
import type { PackedInput } from '../engine/detect';
import { packedBuffers } from '../engine/postSource';
import type { CoordinationConfig } from '../engine/types';
import type { WorkerAnswer } from './engineWorker';
import { stageConfig } from './config';
import { readRunInput } from './readRun';
import type { RunLists } from './readSqlite';
import { writeRun } from './writeRun';
import { runTopics, topicOfAccounts, updateNarrativeCounts } from './narrativeCounts';

export const DETECT_STAGE_ID = 'coordination.detect';
/** After the URL step: links are parsed, normalised and expanded (plugins/enrichment) before they are compared. */
export const DETECT_DEPENDS_ON = [URLS_STAGE_ID];
const VERSION = 1;
/** Runs from this size let their detection worker exit once it has answered (see runInWorker's keepWarm). */
const LARGE_RUN_POSTS = 200_000;

export const detectStage = defineStage({
  id: DETECT_STAGE_ID,
  title: 'Detect coordination',
  version: VERSION,
  dagStep: 5,
  dependsOn: DETECT_DEPENDS_ON,
  cpuHeavy: true,
  async run(ctx) {
    const config = stageConfig();
    ctx.progress(0, 'Reading posts and accounts');
    const workerModule = new URL('./engineWorker.ts', import.meta.url);
    // The worker starts (its loader and the engine's modules, about a second) on the other core while the run is
    // read, and on SQLite reads the run's links and hashtags meanwhile; awaited before the detection, so that call
    // takes this parked worker instead of starting another.
    const file = ctx.storage.dialect === 'sqlite' ? ctx.storage.sqliteFile : undefined;
    const lists = file ? runInWorker<{ file: string; runId: string }, RunLists>(workerModule, 'readRunLists', { file, runId: ctx.runId }, { signal: ctx.signal }) : null;
    const warm = lists ?? runInWorker(workerModule, 'warmUp', null, { signal: ctx.signal });
    warm.catch(() => null); // awaited below; this keeps a failure during the read from being reported as unhandled
    const input = await readRunInput(ctx.storage, ctx.organizationId, ctx.runId, ctx.signal, lists ? { lists } : {});
    await warm.catch(() => null);
    const postCount = input.posts.n;
    ctx.progress(0.3, `Detecting coordination among ${input.accounts?.length ?? 0} accounts`);
    // What the write needs of the posts afterwards (each clustered account's topic): their ids and authors, copied
    // before the columns are transferred to the worker (which leaves them empty here).
    const postAuthors = { id: input.posts.id.slice(), account: input.posts.account.slice(), strings: input.posts.strings };
    const detection = runInWorker<{ input: PackedInput; config: CoordinationConfig }, WorkerAnswer>(
      workerModule, 'detectInWorker', { input, config },
      // a large run's worker heap (the run and the engine's working set) is freed before the write
      { signal: ctx.signal, keepWarm: postCount < LARGE_RUN_POSTS, transferList: packedBuffers(input.posts) });
    // Topics ran at step 4: each clustered account's topic lets the navigator group by topic. Read, and every
    // author's topic tallied, on this thread while the worker detects on the other core.
    const topics = runTopics(ctx.services, ctx.organizationId, ctx.runId)
      .then((topicOfPost) => ({ topicOfPost, topicOfAuthor: topicOfPost ? topicOfAccounts(postAuthors, null, topicOfPost) : null }));
    const [{ result, evidence }, { topicOfPost, topicOfAuthor }] = await Promise.all([detection, topics]);
    ctx.progress(0.8, `Storing ${result.clusters.length} clusters`);
    const accountTopics = new Map<string, string>();
    for (const account of result.accountCluster.keys()) {
      const topic = topicOfAuthor?.get(account);
      if (topic !== undefined) accountTopics.set(account, topic);
    }
    await writeRun(ctx.storage, { runId: ctx.runId, organizationId: ctx.organizationId, conversationId: ctx.conversationId, stageVersion: VERSION }, result, config, accountTopics, evidence);
    // After the detection is stored: a failure here reruns the whole (idempotent) stage.
    await updateNarrativeCounts(ctx.services, ctx.organizationId, ctx.runId, result, topicOfPost);
    // The query audit's coordination_detected (spec part 2 section 3) reads this when the run ends.
    await ctx.recordFinding?.('coordination_detected', result.clusters.length > 0);
    ctx.progress(1, `${result.clusters.length} coordination clusters`);
  },
});
