// `npm test`'s static checks: the three type checks and lint, run side by side (each is one single-threaded
// process, so on two or more cores they finish in about the time of the longest instead of their sum). Every
// output is printed once its process ends, so the lines of different tools never interleave; exits non-zero when any fails.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// Packages export their package.json, not always their bin scripts: find the script beside it.
const bin = (pkg, name) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'bin', name);
const checks = [
  ['types (client)', bin('typescript', 'tsc'), ['-p', 'tsconfig.client.json']],
  ['types (server)', bin('typescript', 'tsc'), ['-p', 'tsconfig.server.json']],
  ['types (all)', bin('typescript', 'tsc'), ['-p', 'tsconfig.json']],
  ['lint', bin('eslint', 'eslint.js'), ['.']],
];

function run([label, script, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}  ${label} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(checks.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
