import { describe, expect, it } from 'vitest';
import { CorpusGenerator } from '@plugins/posts/server/demo/generator';
import { DEMO_SEED } from '@plugins/posts/server/demo/seed';
import { classify } from '@plugins/radar/server/classifier/classify';
import { postText } from '@plugins/radar/server/stage';
import { confusionTable, score, scoreTable } from '@plugins/radar/evaluation/metrics';
import { MIN_PRECISION, MIN_RECALL } from '@plugins/radar/evaluation/quality';

/**
 * The theme classifier against the demo corpus's ground truth (each post's narrative, hence theme). It lives here
 * because it reads the posts plugin's generator (tests/** may; plugins/radar/evaluation may not import another
 * plugin's server code); the held-out half is plugins/radar/evaluation/heldOut.test.ts.
 */
describe('theme classifier on the demo corpus', () => {
  it(`reaches precision >= ${MIN_PRECISION} and recall >= ${MIN_RECALL} per theme (20,000 posts, three languages)`, () => {
    const generator = new CorpusGenerator({ seed: DEMO_SEED, posts: 20_000, now: Date.UTC(2026, 10, 1) });
    const truth: (string | null)[] = [];
    const predicted: (string | null)[] = [];
    const languages = new Set<string>();
    for (const generated of generator.posts()) {
      const narrative = generator.narratives.find((n) => n.id === generated.narrative)!;
      truth.push(narrative.theme);
      predicted.push(classify(postText({ title: generated.post.title ?? null, subject: null, body: generated.post.body ?? '' }))?.theme ?? null);
      if (narrative.theme) languages.add(generated.post.language ?? '');
    }
    const report = score(truth, predicted);
    console.info(`demo corpus, ${report.posts} posts\n${scoreTable(report)}\n\n${confusionTable(report)}`);
    expect([...languages].sort()).toEqual(['en', 'es', 'zh']);
    for (const s of report.scores) {
      expect(s.support, s.theme).toBeGreaterThan(500);
      expect(s.precision, `${s.theme} precision`).toBeGreaterThanOrEqual(MIN_PRECISION);
      expect(s.recall, `${s.theme} recall`).toBeGreaterThanOrEqual(MIN_RECALL);
    }
  });
});
