/**
 * Seeds the demo corpus into an organisation: generates it (deterministic for a seed, size and `now`), stores it
 * with the bulk writer and writes the ground-truth file under the data directory. Seeding the same seed and size
 * again into the same organisation does nothing; a seeding that was killed midway is completed (the same posts).
 */
import path from 'node:path';
import type { Storage } from '@core/server/storage/database';
import { nowIso, tablesOf } from '@core/server/storage/database';
import type { PostsTables } from '@plugins/posts/server/tables';
import { normalizePost, type NormalizedPost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import { CorpusGenerator } from './generator';
import { writeGroundTruth } from './groundTruth';

export const DEMO_SEED = 'narrascope-demo';
export const DEFAULT_DEMO_POSTS = 50_000;

export interface SeedOptions {
  seed?: string;
  posts?: number;
  /** End of the 30-day window, ms (default: now). */
  now?: number;
  dataDir: string;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedResult {
  skipped: boolean;
  posts: number;
  inserted: number;
  corpusHash: string;
  groundTruthPath: string;
  seconds: number;
}

export function groundTruthPath(dataDir: string, seed: string, posts: number): string {
  return path.join(dataDir, 'demo', `ground-truth-${seed.replace(/[^A-Za-z0-9_-]+/g, '_')}-${posts}.json`);
}

export async function seedDemoCorpus(storage: Storage, organizationId: string, opts: SeedOptions): Promise<SeedResult> {
  const seed = opts.seed ?? DEMO_SEED;
  const posts = opts.posts ?? DEFAULT_DEMO_POSTS;
  const db = tablesOf<PostsTables>(storage);
  const existing = await db.selectFrom('posts_demo_corpora').selectAll()
    .where('organization_id', '=', organizationId).where('seed', '=', seed).where('posts', '=', posts).executeTakeFirst();
  if (existing?.finished_at) {
    return { skipped: true, posts, inserted: 0, corpusHash: existing.corpus_hash, groundTruthPath: existing.ground_truth_path, seconds: 0 };
  }
  // The window is fixed before the first post is written: a seeding resumed after a kill regenerates exactly the
  // same posts, and the writer (unique per platform and id) adds only those that are missing.
  const windowEnd = existing?.window_end ?? new Date(opts.now ?? Date.now()).toISOString();
  const file = groundTruthPath(opts.dataDir, seed, posts);
  if (!existing) {
    await db.insertInto('posts_demo_corpora').values({
      organization_id: organizationId, seed, posts, corpus_hash: '', ground_truth_path: file, generated_at: nowIso(),
      window_end: windowEnd, finished_at: null,
    }).execute();
  }
  const started = performance.now();
  const generator = new CorpusGenerator({ seed, posts, now: Date.parse(windowEnd) });
  const writer = new PostWriter(storage, organizationId, 'demo');
  const batchSize = opts.batchSize ?? 5000;
  let batch: NormalizedPost[] = [];
  let done = 0;
  let inserted = 0;
  const flush = async () => {
    inserted += (await writer.write(batch)).inserted;
    done += batch.length;
    batch = [];
    opts.onProgress?.(done, posts);
  };
  for (const generated of generator.posts()) {
    batch.push(normalizePost(generated.post));
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length) await flush();
  const generatedAt = nowIso();
  await writeGroundTruth(file, generator, { organizationId, generatedAt });
  const corpusHash = generator.corpusHash();
  await db.updateTable('posts_demo_corpora').set({ corpus_hash: corpusHash, ground_truth_path: file, generated_at: generatedAt, finished_at: generatedAt })
    .where('organization_id', '=', organizationId).where('seed', '=', seed).where('posts', '=', posts).execute();
  return { skipped: false, posts: done, inserted, corpusHash, groundTruthPath: file, seconds: (performance.now() - started) / 1000 };
}
