/**
 * The ground-truth file of a demo corpus (format `narrascope-demo-ground-truth/1`, documented in docs/data.md):
 * which accounts and posts belong to which planted campaign and evidence type, the organic bursts that are not
 * campaigns, which posts are threats or use violent words without threatening, and each post's narrative.
 * Written as a stream: a million post labels never sit in one string.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CorpusGenerator } from './generator';

export const GROUND_TRUTH_FORMAT = 'narrascope-demo-ground-truth/1';

export async function writeGroundTruth(file: string, g: CorpusGenerator, meta: { organizationId: string; generatedAt: string }): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  const out = fs.createWriteStream(tmp, { encoding: 'utf8' });
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  const { labels } = g;
  const head = {
    format: GROUND_TRUTH_FORMAT,
    seed: g.options.seed,
    posts: labels.keys.length,
    generated_at: meta.generatedAt,
    organization_id: meta.organizationId,
    window: { start: new Date(g.start).toISOString(), end: new Date(g.end).toISOString() },
    corpus_hash: g.corpusHash(),
    keys: 'posts and accounts are named "<platform>:<rid>"',
    narratives: g.narratives.map((n) => ({ id: n.id, theme: n.theme, label: n.label, posts: g.narrativeCounts.get(n.id) ?? 0 })),
    campaigns: g.campaigns.map((c) => c.truth),
    organic_bursts: g.bursts.map(({ kind, key, platform, start, end, posts, accounts }) => ({ kind, key, platform, start, end, posts, accounts })),
  };
  await write(JSON.stringify(head, null, 1).replace(/\n}$/, ''));
  await write(',\n "threats": [');
  let first = true;
  for (let i = 0; i < labels.keys.length; i += 1) {
    if (!labels.threat[i]) continue;
    await write(`${first ? '' : ','}\n  ${JSON.stringify({ post: labels.keys[i], kind: labels.violence[i] })}`);
    first = false;
  }
  await write('\n ],\n "violent_non_threats": [');
  first = true;
  for (let i = 0; i < labels.keys.length; i += 1) {
    if (labels.threat[i] || labels.violence[i] === null) continue;
    await write(`${first ? '' : ','}\n  ${JSON.stringify({ post: labels.keys[i], kind: labels.violence[i] })}`);
    first = false;
  }
  await write('\n ],\n "post_labels_columns": ["post", "narrative", "violence"],\n "post_labels": [');
  for (let i = 0; i < labels.keys.length; i += 1) {
    await write(`${i === 0 ? '' : ','}\n  ${JSON.stringify([labels.keys[i], g.narratives[labels.narrative[i]!]!.id, labels.violence[i]])}`);
  }
  await write('\n ]\n}\n');
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  fs.renameSync(tmp, file);
}
