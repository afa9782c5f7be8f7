import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../src/cli/buildIfStale';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its finished demo databases (tests/e2e/demo.ts startDemoServer), one folder per size. */
    demoTemplates: string;
  }
}

/**
 * End-to-end tests drive the real bundle: build it once when missing or stale (the same check npm start makes).
 * The demo databases the files share live in a folder of this run, removed when it ends.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  await buildIfStale(root, path.join(root, 'dist/web'), (m) => process.stdout.write(`${m}\n`));
  const templates = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-e2e-demo-'));
  project.provide('demoTemplates', templates);
  return () => fs.rmSync(templates, { recursive: true, force: true });
}
