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
