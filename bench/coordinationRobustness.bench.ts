import { spawnSync } from 'node:child_process';
import { detectCoordination } from '../plugins/coordination/server/engine';
import { generatePlantedCorpus } from '../plugins/coordination/evaluation';
import { generateCorpusB } from '../plugins/coordination/evaluation/generatorB';
import { scoreByGroup, type BucketReport, type GroupScore } from '../plugins/coordination/evaluation/buckets';
import { printTable } from './lib';

/**
 * Coordination robustness (issue 17): the engine's defaults on both planted-corpus generators over several seeds,
 * scored per campaign-size bucket (3-10, 11-50, 51-200, 201-1,000 accounts) and per evidence type, with spurious
 * clusters of 5+ accounts per 1M organic posts. Generator A (`plantedCampaigns.ts`) plants 5-200 accounts;
 * generator B (`generatorB.ts`, written apart from A) plants 3-1,000 with participation 30-100 % and dilution
 * 5-40 %, plus a small-corpus shape in which campaigns outweigh the organic background. Each run in its own process.
 *
 *   node --import tsx bench/coordinationRobustness.bench.ts [--seeds 3] [--organic 40000] [--config '<json>']
 */
const argv = process.argv.slice(2);
const arg = (name: string, dflt: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1]! : dflt);
const SEEDS = Number(arg('--seeds', '3'));
const ORGANIC = Number(arg('--organic', '40000'));
const CONFIG = arg('--config', '');

interface ChildResult { generator: string; seed: number; posts: number; ms: number; report: BucketReport }

/** The corpus shapes: generator A at its defaults, B over its whole range, B shaped like the hidden corpus. */
function corpus(generator: string, seed: number) {
  if (generator === 'A') {
    const c = generatePlantedCorpus({ seed, posts: ORGANIC * 2.5 });
    return { ...c, organicPosts: c.posts.filter((p) => !c.truth.campaignOf.has(p.account_id)).length };
  }
  if (generator === 'B') return generateCorpusB({ seed, organicPosts: ORGANIC });
  return generateCorpusB({ seed, organicPosts: ORGANIC / 4, sizeRange: [5, 200], participation: [0.5, 0.9], dilution: [0.1, 0.3], bursts: [8, 14] });
}

function child(generator: string, seed: number): void {
  const c = corpus(generator, seed);
  const t0 = performance.now();
  const r = detectCoordination({ posts: c.posts, accounts: c.accounts }, CONFIG ? JSON.parse(CONFIG) : undefined);
  const out: ChildResult = { generator, seed, posts: c.posts.length, ms: performance.now() - t0, report: scoreByGroup(r.clusters, c.truth, c.organicPosts) };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

function run(generator: string, seed: number): ChildResult {
  const extra = CONFIG ? ['--config', CONFIG] : [];
  const r = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', generator, String(seed), '--organic', String(ORGANIC), ...extra], {
    encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`${generator} seed ${seed} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

const f3 = (v: number) => v.toFixed(3);
const NAMES: Record<string, string> = { A: 'A (plantedCampaigns)', B: 'B (generatorB)', Bsmall: 'B, small corpus (issue shape)' };

function main(): void {
  const results: ChildResult[] = [];
  for (const g of ['A', 'B', 'Bsmall']) for (let s = 1; s <= SEEDS; s++) results.push(run(g, s));
  const row = (r: ChildResult, g: GroupScore) => ({
    generator: NAMES[r.generator] ?? r.generator, seed: r.seed, group: g.group, campaigns: g.campaigns, accounts: g.accounts,
    precision: g.campaigns ? f3(g.precision) : '-', recall: g.campaigns ? f3(g.recall) : '-', ARI: g.campaigns ? f3(g.ari) : '-',
  });
  printTable(`Per campaign-size bucket (targets in buckets of 5+: precision >= 0.95, recall >= 0.90, ARI >= 0.90); organic ${ORGANIC}`,
    results.flatMap((r) => r.report.buckets.map((g) => row(r, g))));
  // per type: the worst seed of each generator
  const types = results[0]!.report.types.map((t) => t.group);
  printTable('Per evidence type, worst seed per generator (campaigns with the type planted)', Object.keys(NAMES).flatMap((g) => types.map((t) => {
    const rows = results.filter((r) => r.generator === g).map((r) => r.report.types.find((x) => x.group === t)!).filter((x) => x.campaigns > 0);
    return {
      generator: NAMES[g] ?? g, type: t, campaigns: rows.reduce((s, x) => s + x.campaigns, 0),
      precision: rows.length ? f3(Math.min(...rows.map((x) => x.precision))) : '-',
      recall: rows.length ? f3(Math.min(...rows.map((x) => x.recall))) : '-',
    };
  })));
  printTable('Spurious clusters of 5+ accounts (mostly organic; target <= 1 per 1M organic posts) and time', results.map((r) => ({
    generator: NAMES[r.generator] ?? r.generator, seed: r.seed, posts: r.posts, 'spurious 5+': r.report.spurious5,
    'per 1M organic posts': r.report.spuriousPer1M.toFixed(1), 'detect time': `${(r.ms / 1000).toFixed(2)} s`,
  })));
}

if (argv[0] === '--child') child(argv[1]!, Number(argv[2]));
else main();
