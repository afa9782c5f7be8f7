import type { Readable } from 'node:stream';

export type Line = { line: number; text: string } | { line: number; tooLong: true };

/** Lines longer than this are reported and skipped instead of being held in memory. */
export const MAX_LINE_BYTES = 1024 * 1024;

/**
 * Splits a byte stream into lines (LF or CRLF) without ever holding more than one line: a 1 GB file streams
 * through. A UTF-8 BOM at the start is dropped. Blank lines are skipped (their numbers still count).
 */
export async function* readLines(input: Readable | AsyncIterable<Buffer | string>, maxBytes = MAX_LINE_BYTES): AsyncGenerator<Line> {
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  let line = 0;
  let first = true;
  const emit = function* (): Generator<Line> {
    line += 1;
    if (tooLong) {
      yield { line, tooLong: true };
    } else {
      let text = Buffer.concat(parts, size).toString('utf8');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.trim() !== '') yield { line, text };
    }
    parts = [];
    size = 0;
    tooLong = false;
  };
  for await (const chunk of input) {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (first && buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
    first = false;
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      take(buf.subarray(start, nl));
      yield* emit();
      start = nl + 1;
    }
    take(buf.subarray(start));
  }
  if (size > 0 || tooLong) yield* emit();

  function take(piece: Buffer) {
    if (tooLong || piece.length === 0) return;
    if (size + piece.length > maxBytes) {
      tooLong = true;
      parts = [];
      size = 0;
      return;
    }
    // Copy: the stream may reuse its chunk buffers.
    parts.push(Buffer.from(piece));
    size += piece.length;
  }
}
