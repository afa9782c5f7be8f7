/**
 * Answers of a symmetric pair check (COPYPASTA's text similarity) inside a sliding window, so that a pair offered
 * from both of its acts is checked once: act i's row holds the answers for the acts just after it, and act j > i,
 * looking back at i, reads its answer there. Rows are a ring indexed by act modulo a power of two above the widest
 * window: a row is reused only by an act too far on to share a window with the acts that read it.
 */
const UNKNOWN = 0, NO = 1, YES = 2;

export class WindowAnswers {
  private readonly ring: number;
  private readonly cells: Uint8Array;

  /** `span`: the most acts a window may hold (a type's maxWindowActs) */
  constructor(span: number) {
    let ring = 1;
    while (ring < span + 1) ring *= 2;
    this.ring = ring;
    this.cells = new Uint8Array(ring * ring);
  }

  /** Starts act i's row for the acts before `end` (forgets what an act a ring earlier kept there). */
  open(i: number, end: number): void {
    const row = (i & (this.ring - 1)) * this.ring;
    const last = Math.min(end - i, this.ring);
    for (let d = 1; d < last; d++) this.cells[row + d] = UNKNOWN;
  }

  /** The answer kept for earlier act j and later act i: true, false, or undefined if i was not checked from j. */
  get(j: number, i: number): boolean | undefined {
    const c = this.cells[(j & (this.ring - 1)) * this.ring + (i - j)]!;
    return c === UNKNOWN ? undefined : c === YES;
  }

  /** Keeps the answer for act i and later act j (j inside i's window, opened with `open`). */
  set(i: number, j: number, yes: boolean): void {
    this.cells[(i & (this.ring - 1)) * this.ring + (j - i)] = yes ? YES : NO;
  }
}
