import { postFacetsKey } from '@core/server/facets/contract';
import { runInWorker } from '@core/server/pipeline/workerThread';
import { defineStage } from '@core/server/plugin/contract';
import { NLP_STAGE_ID } from '@plugins/enrichment/shared/public';
import { NARRATIVES_STAGE_ID } from '../shared/service';
import type { NarrativeEntity } from '../shared/api';
import { applyLlmTitlesWith, llmConfigFromEnv, type TopicEngineOptions } from './engine';
import type { TopicRunColumns } from './engine/columns';
import { packedColumnBuffers, PackedTopicTable, type PackedTopicColumns } from './engine/packedPosts';
import type { EngineTaskInput } from './engineTask';
import { narrativeEntitiesOfRun } from './entities';
import { carryNarrativeIds, previousNarratives } from './lineage';
import { loadRunPostsPacked } from './runPosts';
import { storeResult, storeStatus, topicsDb, type RunScope } from './store';

/** The enrichment stage whose output (language, threats, engagement) this one reads through the post facets. */
export { NLP_STAGE_ID };
/** 2: narratives carry their top entities (migration topics/002). */
export const STAGE_VERSION = 2;
/** Fixed so the same posts always give the same topics (spec: deterministic with a fixed seed). */
export const TOPICS_SEED = 42;
/** Runs from this size let their engine thread exit once it has answered, so its heap is not kept next to later stages. */
const LARGE_RUN_POSTS = 200_000;

/** What the stage keeps of the columns it transfers to the engine: ids and dates (16 bytes a post), no texts. */
function keysOf(c: PackedTopicColumns): PackedTopicTable {
  return new PackedTopicTable({
    ...c, ids: c.ids.slice(), dates: c.dates.slice(), oddDates: [...c.oddDates], signals: new Uint8Array(c.count),
    languages: new Uint16Array(c.count), categoryEnd: new Int32Array(c.count), categoryIds: new Int32Array(0), textChunks: [], textEnd: new Float64Array(c.count),
  });
}

/** The texts a language model quotes for topic i: its distinct texts, closest to the centroid first, ties by post id. */
function examplesFrom(result: TopicRunColumns, posts: PackedTopicTable) {
  return (topic: number, count: number): string[] => {
    const members: number[] = [];
    for (let p = 0; p < posts.count; p++) if (result.topicOfPost[p] === topic) members.push(p);
    members.sort((a, b) => result.confidence[b]! - result.confidence[a]! || posts.compareIds(a, b));
    const out: string[] = [];
    for (const p of members) {
      const text = posts.text(p);
      if (text && !out.includes(text)) out.push(text);
      if (out.length === count) break;
    }
    return out;
  };
}

export interface NarrativesStageOptions {
  /** Dependencies; `[NLP_STAGE_ID]` in the product, overridable where that stage is not installed (tests). */
  dependsOn?: string[];
  engine?: Partial<TopicEngineOptions>;
  env?: Record<string, string | undefined>;
}

/**
 * Pipeline step 4 (NARRATIVE): clusters the run's posts into topics and narratives with the lexical engine,
 * in a worker thread, and stores them per run (idempotent: a re-run replaces the run's rows in one transaction).
 */
export function narrativesStage(opts: NarrativesStageOptions = {}) {
  return defineStage({
    id: NARRATIVES_STAGE_ID,
    title: 'Topics and narratives',
    version: STAGE_VERSION,
    dagStep: 4,
    dependsOn: opts.dependsOn ?? [NLP_STAGE_ID],
    enrichmentStage: 'NARRATIVE',
    cpuHeavy: true,
    async run(ctx) {
      const scope: RunScope = { organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId: ctx.runId };
      const facets = ctx.services.has(postFacetsKey) ? ctx.services.get(postFacetsKey) : null;
      const packed = await loadRunPostsPacked(ctx.storage, facets, scope);
      if (packed.count === 0) {
        await storeStatus(ctx.storage, scope, { status_code: 204, message: 'No posts to cluster', admin_details: null }, STAGE_VERSION);
        return;
      }
      ctx.progress(0.1, `Clustering ${packed.count} posts`);
      let result: TopicRunColumns;
      let entities: Map<string, NarrativeEntity[]>;
      // The columns go to the engine's thread; this one keeps the ids and dates to write the result with, and the
      // whole run only when titles come from a language model, which quotes the posts.
      const llm = llmConfigFromEnv(opts.env ?? process.env);
      const posts = llm ? new PackedTopicTable(packed) : keysOf(packed);
      try {
        const input: EngineTaskInput<PackedTopicColumns> = { posts: packed, options: { seed: TOPICS_SEED, ...opts.engine } };
        result = await runInWorker<EngineTaskInput<PackedTopicColumns>, TopicRunColumns>(new URL('./engineTask.ts', import.meta.url), 'computeTopicsPacked', input,
          { signal: ctx.signal, transferList: llm ? [] : packedColumnBuffers(packed), keepWarm: packed.count < LARGE_RUN_POSTS });
        // A narrative that continues one of the previous run's keeps its id (lineage.ts).
        result = carryNarrativeIds(result, posts, await previousNarratives(topicsDb(ctx.storage), scope));
        ctx.progress(0.8, 'Writing titles');
        result = await applyLlmTitlesWith(result, examplesFrom(result, posts), llm);
        ctx.progress(0.9, 'Counting entities');
        const topics = result.topics;
        entities = await narrativeEntitiesOfRun(facets, {
          count: posts.count, postId: (i) => posts.postId(i), narrativeOf: (i) => (result.topicOfPost[i]! >= 0 ? topics[result.topicOfPost[i]!]!.rid : null),
        }, scope);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        const details = error instanceof Error ? error.message : String(error);
        await storeStatus(ctx.storage, scope, { status_code: 500, message: 'Topic computation failed', admin_details: details }, STAGE_VERSION);
        throw error;
      }
      await storeResult(ctx.storage, scope, result, posts, STAGE_VERSION, entities);
      ctx.progress(1, `${result.topics.length} topics`);
    },
  });
}
