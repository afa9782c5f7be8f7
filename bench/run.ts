import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process (so memory figures are its own) and prints
 * their tables. Pass a name to run one: `npm run bench -- foundation`. Extra flags go to the benches.
 */
const here = import.meta.dirname;
const [filter, ...flags] = process.argv.slice(2).filter((a, i, all) => !(i === 0 && a.startsWith('--') && all.length === 1));
const files = fs.readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort()
  .filter((f) => !filter || filter.startsWith('--') || f.startsWith(filter));
const extra = filter?.startsWith('--') ? [filter, ...flags] : flags;
process.stdout.write(`Narrascope benchmarks, ${new Date().toISOString()}, node ${process.version}\n`);
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n## ${file}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file), ...extra], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
