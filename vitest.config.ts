import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { alias } from './vite.config';

/**
 * expect.poll waits 1 s by default: on a loaded CI machine a page or a job can take longer than that to show what it
 * will show. A poll that never succeeds still fails, after 15 s.
 */
const pollOnABusyMachine = { timeout: 15_000, interval: 50 };

/**
 * Three projects: `server` (node: shared + server code, the plugins' evaluation/ code, API integration, contracts),
 * `client` (jsdom: browser code and components) and `e2e` (node driving real Chromium through playwright-core).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where most test files wait
    // on SQLite, HTTP and child processes. Every core runs a worker (the e2e files stay one at a time).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'core/shared/**/*.test.ts',
            'core/server/**/*.test.ts',
            'plugins/*/shared/**/*.test.ts',
            'plugins/*/server/**/*.test.ts',
            'plugins/*/evaluation/**/*.test.ts',
            'src/server/**/*.test.ts',
            'src/cli/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/contracts/**/*.test.ts',
          ],
          // A worker's files share their imported modules, as the client project's do: each file imported the whole
          // server again (296 s of import time summed over the suite against 51 s so, on a machine at load 10; the
          // server project then took 526 s). Files restore what they change (process.env, spies: userAdd.test.ts,
          // seed.test.ts), and module-level state is caches keyed by what they cache.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: pollOnABusyMachine },
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['core/client/**/*.test.{ts,tsx}', 'plugins/*/client/**/*.test.{ts,tsx}', 'src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['core/client/testing/setup.ts'],
          // The files of a worker share one jsdom and their imported modules (Fluent UI alone took 3-6 s to import
          // per file): 100 files in ~80 s instead of ~7 minutes of worker time. setup.ts gives each file an empty
          // page, storage, cookies and URL and Testing Library's settings; hosts a test creates are disposed after
          // it (testing/teardown.ts); stubbed globals are restored after each test.
          isolate: false,
          unstubGlobals: true,
          testTimeout: 20_000,
          expect: { poll: pollOnABusyMachine },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Not one file at a time: Vitest runs a project without file parallelism as a group of its own after the
          // others, where it left one of two cores idle for seven minutes. The files share demo databases through
          // tests/e2e/demo.ts, which builds each once behind a lock.
          expect: { poll: pollOnABusyMachine },
        },
      },
    ],
  },
});
