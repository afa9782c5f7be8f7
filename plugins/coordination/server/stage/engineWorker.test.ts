import { describe, expect, it } from 'vitest';
import { generatePlantedCorpus } from '../../evaluation';
import { DEFAULT_CONFIG } from '../engine/config';
import { detectCoordination, detectCoordinationPacked } from '../engine/detect';
import { packPosts } from '../engine/postSource';
import type { CoordinationResult, CoordPost } from '../engine/types';
import { detectInWorker } from './engineWorker';
import { packEvidence } from './packedEvidence';

/**
 * The stage's worker (called here on the test's thread) detects on a run it may empty as it goes and answers the
 * evidence in columns written as the engine reports them (ADR 0016 addendum, items 12-13): what it answers must be
 * exactly what the public API's objects give, packed afterwards.
 */
function comparable(r: CoordinationResult) {
  const { timingsMs: _timings, ...stats } = r.stats;
  return { clusters: r.clusters, accountCluster: [...r.accountCluster], postClusters: [...r.postClusters], stats };
}

const corpus = generatePlantedCorpus({ posts: 20_000, seed: 5 });
// as the stage reads a run: numeric ids in id order, no engagement score
const posts: CoordPost[] = corpus.posts.map((p, i) => ({ ...p, id: String(i + 1), engagement_score: null }));

describe('detectInWorker', () => {
  it('answers the result and evidence columns of the objects detection, and empties the run it was handed but its ids', () => {
    const reference = detectCoordination({ posts: [...posts].sort((a, b) => a.published_at - b.published_at), accounts: corpus.accounts });
    const referenceEvidence = packEvidence(reference);
    const input = { posts: packPosts(posts), accounts: corpus.accounts };
    const ids = input.posts.id.slice();
    const answer = detectInWorker({ input, config: DEFAULT_CONFIG });
    expect(referenceEvidence.n).toBeGreaterThan(1000);
    expect(answer.evidence).toEqual(referenceEvidence);
    expect(comparable(answer.result)).toEqual(comparable(reference));
    // every sample went to the columns, none stayed in the result
    expect(answer.result.clusters.flatMap((c) => c.edges.flatMap((e) => e.evidence.flatMap((x) => x.samples)))).toEqual([]);
    expect([input.posts.textBytes.length, input.posts.urlIds.length, input.posts.time.length, input.posts.strings.length]).toEqual([0, 0, 0, 0]);
    expect(input.posts.id).toEqual(ids);
  });

  it('leaves a packed run it was not allowed to consume as it was, and collects where the caller asked', () => {
    const packed = packPosts(posts);
    const before = { text: packed.textBytes.slice(), strings: [...packed.strings] };
    let collections = 0;
    const result = detectCoordinationPacked({ posts: packed, accounts: corpus.accounts }, undefined, { collect: () => { collections++; } });
    expect(result.clusters.length).toBeGreaterThan(3);
    // (as bytes: toEqual walks a typed array of megabytes element by element)
    expect(Buffer.from(packed.textBytes).equals(Buffer.from(before.text))).toBe(true);
    expect(packed.strings).toEqual(before.strings);
    // after the copypasta families and after the scans
    expect(collections).toBe(2);
  });
});
