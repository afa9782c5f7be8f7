import { transferOnReply } from '../workerThread';
import { sumOfSquares } from './workerFixtureMath';

/** Functions run by workerThread.test.ts inside a worker thread (imports resolve through the tsx loader). */
export function squareSum(input: { values: number[] }): { total: number } {
  return { total: sumOfSquares(input.values) };
}

export async function failing(input: { message: string }): Promise<never> {
  throw new Error(input.message);
}

export function spin(input: { ms: number }): string {
  const end = Date.now() + input.ms;
  while (Date.now() < end) { /* busy: the caller aborts us */ }
  return 'finished';
}

/** The worker's thread id (to see that a finished worker is reused). */
export async function whoAmI(): Promise<number> {
  const { threadId } = await import('node:worker_threads');
  return threadId;
}

/** The calling thread's nice value as the kernel reports it (Linux: /proc/thread-self/stat, field 19). */
export async function niceness(): Promise<number> {
  const fs = await import('node:fs');
  const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

let handedOver: Float64Array | null = null;
/** Answers a column by transfer (`transferOnReply`), keeping it here to show that the worker's copy is gone. */
export function handOver(input: { n: number }): { values: Float64Array } {
  handedOver = new Float64Array(input.n).map((_, i) => i * 1.5);
  return transferOnReply({ values: handedOver }, [handedOver.buffer as ArrayBuffer]);
}
/** Bytes left in the worker's view of the last handed-over column (0: its buffer went with the answer). */
export function handedOverBytes(): number {
  return handedOver?.byteLength ?? -1;
}
