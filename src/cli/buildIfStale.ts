import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Everything the browser bundle is built from. */
const SOURCES = ['src/web', 'core/client', 'core/shared', 'plugins', 'workspace-layouts', 'vite.config.ts', 'package-lock.json'];

function walk(p: string, out: string[]) {
  if (!fs.existsSync(p)) return;
  const st = fs.statSync(p);
  if (st.isFile()) {
    if (!p.includes(`${path.sep}server${path.sep}`) && !p.endsWith('.test.ts') && !p.endsWith('.test.tsx')) out.push(`${p}:${st.size}:${st.mtimeMs}`);
    return;
  }
  for (const name of fs.readdirSync(p).sort()) if (name !== 'node_modules') walk(path.join(p, name), out);
}

export function sourceStamp(root: string): string {
  const entries: string[] = [];
  for (const s of SOURCES) walk(path.join(root, s), entries);
  return crypto.createHash('sha256').update(entries.join('\n')).digest('hex');
}

/** Builds the browser bundle when it is missing or older than its sources (a stamp of paths, sizes, mtimes). */
export async function buildIfStale(root: string, outDir: string, log: (m: string) => void, force = false): Promise<boolean> {
  const stampFile = path.join(outDir, '.source-stamp');
  const stamp = sourceStamp(root);
  if (!force && fs.existsSync(path.join(outDir, 'index.html')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
    return false;
  }
  log(force ? 'Building the browser bundle...' : 'Building the browser bundle (first start or sources changed)...');
  // A child process with NODE_ENV=production: inside test runners NODE_ENV is 'test', which would bundle React's
  // development build.
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir], {
    cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status}`);
  precompress(outDir);
  fs.writeFileSync(stampFile, stamp);
  return true;
}

/**
 * Writes .br and .gz siblings of every script, style and source map so the server sends compressed assets without
 * compressing on each request (@fastify/static `preCompressed`).
 */
export function precompress(outDir: string): void {
  const assets = path.join(outDir, 'assets');
  if (!fs.existsSync(assets)) return;
  for (const name of fs.readdirSync(assets)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = path.join(assets, name);
    const data = fs.readFileSync(file);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}
