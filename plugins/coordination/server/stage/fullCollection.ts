import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full garbage collection of the calling thread's heap, for the stage's phase boundaries on large runs (ADR 0016
 * addendum, item 12). V8 collects when the heap grows; a thread that has just let go of hundreds of MB and then
 * allocates little (the stage's thread waiting for the detection, the engine's worker in its typed-array scans)
 * keeps them resident until something else triggers a full collection: at 1M posts the scans' dropped arena stayed
 * until the report, and the read's and the topic map's garbage through the detection.
 *
 * Node exposes `gc` only with `--expose-gc`; the flag is set for the moment it takes to make one context that has it
 * (contexts made afterwards, in this thread or another, do not get `gc`), so neither the process's command line nor
 * core's worker start-up changes. Each thread (isolate) gets its own function, which collects that thread's heap.
 */
let collect: (() => void) | null | undefined;

export function fullCollection(): void {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as () => void;
    } catch {
      collect = null; // a runtime without the flag: V8 collects when it will
    } finally {
      v8.setFlagsFromString('--no-expose-gc');
    }
  }
  collect?.();
}
