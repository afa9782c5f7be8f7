/**
 * Parse threads of a large JSON-lines import: chunks of lines go to the threads in turn and come back in the order
 * they were sent, so the importing thread only reads lines and writes batches while the threads parse, map and
 * normalise (about half of an import's CPU, docs/benchmarks.md issue 19). On SQLite the writes run on the importing
 * thread while the parse threads work on the next chunks; on PostgreSQL they overlap with the server's work.
 *
 * The threads register tsx's loader themselves, as core's worker pool does (core/server/pipeline/workerThread.ts).
 * They are not that pool's: its threads run at the lowest priority so that an analysis never delays the API, but an
 * import is an operator's foreground job, and at nice 19 on a busy 2-core machine the parse threads would wait
 * behind every other process and the import with them.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LineChunk, ParsedLine } from './parseChunk';

const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = import(workerData.tsxApi).then(({ register }) => { register(); return import(workerData.moduleUrl); });
parentPort.on('message', async ({ id, chunk }) => {
  try {
    const mod = await ready;
    parentPort.postMessage({ id, ok: true, value: mod.parseChunk(chunk) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error && error.message ? error.message : String(error) });
  }
});
`;

function tsxApiUrl(): string {
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(path.join(path.dirname(packageJson), 'dist/esm/api/index.mjs')).href;
}

type Reply = { id: number; ok: true; value: ParsedLine[] } | { id: number; ok: false; error: string };

export class ParseThreads {
  private readonly threads: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (v: ParsedLine[]) => void; reject: (e: Error) => void }>();
  private next = 0;
  private lastId = 0;

  constructor(count: number) {
    const workerData = { tsxApi: tsxApiUrl(), moduleUrl: new URL('./parseChunk.ts', import.meta.url).href };
    for (let i = 0; i < count; i += 1) {
      const thread = new Worker(BOOTSTRAP, { eval: true, workerData });
      thread.on('message', (reply: Reply) => {
        const waiter = this.pending.get(reply.id);
        if (!waiter) return;
        this.pending.delete(reply.id);
        if (reply.ok) waiter.resolve(reply.value);
        else waiter.reject(new Error(`import parse thread: ${reply.error}`));
      });
      thread.on('error', (error) => this.failAll(error));
      thread.on('exit', (code) => { if (code !== 0) this.failAll(new Error(`import parse thread exited with code ${code}`)); });
      this.threads.push(thread);
    }
  }

  /** Sends a chunk to the next thread in turn; answers its lines' outcomes. */
  parse(chunk: LineChunk): Promise<ParsedLine[]> {
    const id = ++this.lastId;
    const thread = this.threads[this.next]!;
    this.next = (this.next + 1) % this.threads.length;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      thread.postMessage({ id, chunk });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.terminate()));
    this.failAll(new Error('import parse threads closed'));
  }

  private failAll(error: Error): void {
    for (const [id, waiter] of this.pending) {
      this.pending.delete(id);
      waiter.reject(error);
    }
  }
}
