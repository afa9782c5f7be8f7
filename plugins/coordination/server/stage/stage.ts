import { defineStage } from '@core/server/plugin/contract';
import type { StageContext } from '@core/server/pipeline/stages';
import { runInWorker } from '@core/server/pipeline/workerThread';
import { URLS_STAGE_ID } from '@plugins/enrichment/shared/public';
import type { PackedInput } from '../engine/detect';
import { packedBuffers, type PackedPosts } from '../engine/postSource';
import type { CoordinationConfig } from '../engine/types';
import type { WorkerAnswer } from './engineWorker';
import { stageConfig } from './config';
import { readRunInput } from './readRun';
import type { RunLists } from './readSqlite';
import { writeRun } from './writeRun';
import { fullCollection } from './fullCollection';
import { packTopics, runTopics, topicOfAccounts, updateNarrativeCounts, type PostAuthors } from './narrativeCounts';

export const DETECT_STAGE_ID = 'coordination.detect';
/** After the URL step: links are parsed, normalised and expanded (plugins/enrichment) before they are compared. */
export const DETECT_DEPENDS_ON = [URLS_STAGE_ID];
const VERSION = 1;
/** Runs from this size let their detection worker exit once it has answered (see runInWorker's keepWarm). */
const LARGE_RUN_POSTS = 200_000;

/**
 * Reads the run and hands it to the detection's worker. A function of its own so that what the read leaves (the
 * packed run's string table, the links and hashtags the worker read, their interning maps) is unreachable once it
 * returns: the caller keeps only the detection's promise and the posts' ids and authors.
 */
async function readAndDetect(ctx: StageContext, config: CoordinationConfig): Promise<{ detection: Promise<WorkerAnswer>; postAuthors: PostAuthors; accounts: number }> {
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
  // What the write needs of the posts afterwards (each clustered account's topic): their ids and authors, copied
  // before the columns are transferred to the worker (which leaves them empty here).
  const postAuthors = authorsOf(input.posts);
  const detection = runInWorker<{ input: PackedInput; config: CoordinationConfig }, WorkerAnswer>(
    workerModule, 'detectInWorker', { input, config },
    // a large run's worker heap (the run and the engine's working set) is freed before the write
    { signal: ctx.signal, keepWarm: input.posts.n < LARGE_RUN_POSTS, transferList: packedBuffers(input.posts) });
  return { detection, postAuthors, accounts: input.accounts?.length ?? 0 };
}

/** The posts' ids and authors, the authors' ids in a table of their own (not the run's links, hashtags, repost keys). */
function authorsOf(posts: PackedPosts): PostAuthors {
  const number = new Int32Array(posts.strings.length).fill(-1);
  const strings: string[] = [];
  const account = new Int32Array(posts.n);
  for (let i = 0; i < posts.n; i++) {
    const s = posts.account[i]!;
    let k = number[s]!;
    if (k < 0) { k = number[s] = strings.length; strings.push(posts.strings[s]!); }
    account[i] = k;
  }
  return { id: posts.id.slice(0, posts.n), account, strings };
}

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
    const { detection, postAuthors, accounts } = await readAndDetect(ctx, config);
    ctx.progress(0.3, `Detecting coordination among ${accounts} accounts`);
    // Topics ran at step 4: each clustered account's topic lets the navigator group by topic. Read on this thread
    // while the worker detects on the other core, and kept as a topic number per post instead of the service's map.
    const topics = runTopics(ctx.services, ctx.organizationId, ctx.runId)
      .then((topicOfPost) => (topicOfPost ? packTopics(postAuthors, topicOfPost) : null))
      .then((lookup) => {
        // Large runs: the read's leftovers and the topic map (unreachable here, not in the step above, whose argument
        // it is) would stay resident through the detection: this thread allocates little meanwhile, so V8 has no
        // reason to collect. One full collection, a pause of about a quarter of a second at 2M posts.
        if (postAuthors.id.length >= LARGE_RUN_POSTS) fullCollection();
        return lookup;
      });
    const [{ result, evidence }, topicOfPost] = await Promise.all([detection, topics]);
    ctx.progress(0.8, `Storing ${result.clusters.length} clusters`);
    const topicOfAuthor = topicOfPost ? topicOfAccounts(postAuthors, new Set(result.accountCluster.keys()), topicOfPost) : null;
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
