import path from 'node:path';
import { buildIfStale } from '../../src/cli/buildIfStale';

/** End-to-end tests drive the real bundle: build it once when missing or stale (the same check npm start makes). */
export default async function setup() {
  const root = path.resolve(import.meta.dirname, '../..');
  await buildIfStale(root, path.join(root, 'dist/web'), (m) => process.stdout.write(`${m}\n`));
}
