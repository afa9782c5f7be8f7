/**
 * Offsets to 1-based line numbers, over text (JSON, offsets in UTF-16 units) or bytes (CSV: csv-parse reports byte
 * offsets). A line ends at LF, CRLF or a lone CR, as csv-parse's record delimiters do.
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  private readonly code: (i: number) => number;
  private readonly length: number;

  constructor(text: string | Uint8Array) {
    this.code = typeof text === 'string' ? (i) => text.charCodeAt(i) : (i) => text[i] ?? NaN;
    this.length = text.length;
    for (let i = 0; i < this.length; i++) {
      const c = this.code(i);
      if (c === 10 || (c === 13 && this.code(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  /** The line holding `offset`. */
  lineAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  /** The first offset at or after `offset` that is not a line break: where a row starts after blank lines. */
  skipBreaks(offset: number): number {
    let at = offset;
    while (at < this.length && (this.code(at) === 10 || this.code(at) === 13)) at++;
    return at;
  }
}
