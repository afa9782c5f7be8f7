import { Transform, type Readable, type TransformCallback } from 'node:stream';

export type Line = { line: number; text: string } | { line: number; tooLong: true };

/** Lines longer than this are reported and skipped instead of being held in memory. */
export const MAX_LINE_BYTES = 1024 * 1024;

/**
 * Splits a byte stream into lines (LF or CRLF) without ever holding more than one line: a 1 GB file streams
 * through. A UTF-8 BOM at the start is dropped. Blank lines are skipped (their numbers still count).
 */
export async function* readLines(input: Readable | AsyncIterable<Buffer | string>, maxBytes = MAX_LINE_BYTES): AsyncGenerator<Line> {
  for await (const lines of readLineBatches(input, maxBytes)) yield* lines;
}

/**
 * `readLines` a read chunk at a time: the lines that end in each chunk (and the last line at the end), in order.
 * An import takes them so, without an asynchronous step per line (issue 19: a third of the line splitting's time).
 */
export async function* readLineBatches(input: Readable | AsyncIterable<Buffer | string>, maxBytes = MAX_LINE_BYTES): AsyncGenerator<Line[]> {
  const splitter = new LineSplitter(maxBytes);
  for await (const chunk of input) {
    const lines = splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    if (lines.length > 0) yield lines;
  }
  const last = splitter.end();
  if (last.length > 0) yield last;
}

/** Where a `LineSplitter` is in its stream: enough to go on splitting it elsewhere (the import's parse thread). */
export interface SplitterState {
  /** Lines ended so far. */
  line: number;
  /** Nothing read yet (a BOM may still come). */
  first: boolean;
  /** The line being read: its bytes so far, or null when it is already longer than the limit (skipped). */
  pending: Uint8Array | null;
}

/** The line splitting of `readLineBatches`, one chunk at a time, its state handed over by `state()`. */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private tooLong = false;
  private line = 0;
  private first = true;
  private out: Line[] = [];

  constructor(private readonly maxBytes = MAX_LINE_BYTES, from?: SplitterState) {
    if (!from) return;
    this.line = from.line;
    this.first = from.first;
    if (from.pending === null) this.tooLong = true;
    else if (from.pending.length > 0) this.take(Buffer.from(from.pending.buffer, from.pending.byteOffset, from.pending.byteLength));
  }

  state(): SplitterState {
    return { line: this.line, first: this.first, pending: this.tooLong ? null : Buffer.concat(this.parts, this.size) };
  }

  /** The lines that end in `chunk`, in order. */
  push(chunk: Buffer): Line[] {
    let buf = chunk;
    if (this.first && buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
    this.first = false;
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      if (this.size === 0 && !this.tooLong && nl - start <= this.maxBytes) {
        // The whole line is in this chunk (most lines): decoded from it, not copied and joined first.
        this.emitText(buf.toString('utf8', start, nl));
      } else {
        this.take(buf.subarray(start, nl));
        this.emit();
      }
      start = nl + 1;
    }
    this.take(buf.subarray(start));
    return this.flushed();
  }

  /** The last line, when the stream does not end with a line break. */
  end(): Line[] {
    if (this.size > 0 || this.tooLong) this.emit();
    return this.flushed();
  }

  private flushed(): Line[] {
    const lines = this.out;
    this.out = [];
    return lines;
  }

  private emitText(decoded: string): void {
    this.line += 1;
    let text = decoded;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (this.line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.trim() !== '') this.out.push({ line: this.line, text });
  }

  private emit(): void {
    if (this.tooLong) {
      this.line += 1;
      this.out.push({ line: this.line, tooLong: true });
    } else {
      this.emitText(Buffer.concat(this.parts, this.size).toString('utf8'));
    }
    this.parts = [];
    this.size = 0;
    this.tooLong = false;
  }

  private take(piece: Buffer): void {
    if (this.tooLong || piece.length === 0) return;
    if (this.size + piece.length > this.maxBytes) {
      this.tooLong = true;
      this.parts = [];
      this.size = 0;
      return;
    }
    // Copy: the stream may reuse its chunk buffers.
    this.parts.push(Buffer.from(piece));
    this.size += piece.length;
  }
}

/** An integer literal (JSON grammar: no leading zero) of 16 digits or more, not part of a fraction or exponent. */
const LONG_INTEGER = /(?<![\d.eE+-])-?[1-9]\d{15,}(?![\d.eE])/g;
/** 2^53 has 16 digits: an integer literal with fewer is always exact in a JS number. */
const SIXTEEN_DIGITS = /\d{16}/;

/**
 * `JSON.parse` that keeps every integer exact: a literal beyond Number.MAX_SAFE_INTEGER (X/Twitter and Discord
 * ids: `"rid": 1833000000000000001`) becomes the string of its digits instead of the nearest double
 * (`1833000000000000000`, which two different posts share). Smaller numbers, fractions and exponents parse as
 * usual. Node 20's JSON.parse gives a reviver no source text, so such a line is parsed again with its long literals
 * quoted: strings are skipped (a 19-digit id inside a URL stays as it is) and only bare integers are touched. Only a
 * line whose parsed values hold a number beyond 2^53 can have one (every unsafe integer literal parses to such a
 * number), so the others, nearly all, are parsed once (issue 19: a scan of every line for 16 digits was 5 % of an
 * import's parsing). Throws like JSON.parse on invalid JSON.
 */
export function parseJsonLine(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return hasLargeNumber(value) ? JSON.parse(quoteLongIntegers(text)) : value;
}

/** Whether a parsed JSON value holds a number beyond ±Number.MAX_SAFE_INTEGER (no recursion: any nesting depth). */
function hasLargeNumber(root: unknown): boolean {
  if (typeof root === 'number') return Math.abs(root) > Number.MAX_SAFE_INTEGER;
  if (typeof root !== 'object' || root === null) return false;
  const stack: object[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    for (const key in node) {
      const v = node[key];
      if (typeof v === 'number') {
        if (Math.abs(v) > Number.MAX_SAFE_INTEGER) return true;
      } else if (typeof v === 'object' && v !== null) {
        stack.push(v);
      }
    }
  }
  return false;
}

function quoteLongIntegers(text: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('"', i);
    const outside = open === -1 ? text.length : open;
    const segment = text.slice(i, outside);
    if (SIXTEEN_DIGITS.test(segment)) {
      const quoted = segment.replace(LONG_INTEGER, (literal) => (Number.isSafeInteger(Number(literal)) ? literal : `"${literal}"`));
      if (quoted !== segment) {
        out += text.slice(copied, i) + quoted;
        copied = outside;
      }
    }
    if (open === -1) break;
    i = stringEnd(text, open);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Index just after the string literal whose opening quote is at `open` (the text's end if it never closes). */
function stringEnd(text: string, open: number): number {
  let close = text.indexOf('"', open + 1);
  while (close !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return close + 1;
    close = text.indexOf('"', close + 1);
  }
  return text.length;
}

export interface LineProblem {
  line: number;
  reason: string;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/** The record delimiters csv-parse must be given next to a CsvQuoteGuard: the line breaks the guard knows. */
export const CSV_RECORD_DELIMITERS = ['\r\n', '\n', '\r'];

/**
 * Stands between a CSV byte stream and csv-parse so that one unclosed quote costs one row, not the rest of the file.
 *
 * csv-parse reads an unclosed `"` as a field running to the end of the file: every later row vanishes into it, and
 * the error names the file's last line; past `max_record_size` it drops every later chunk. This guard follows the
 * quotes exactly as csv-parse does (default quote, escape and `,` delimiter, `relax_quotes` off; record delimiters
 * `CSV_RECORD_DELIMITERS`): a `"` opens a quoted field only at a field's start, `""` inside one is a quote, and a
 * `"` closes it only before a `,`, a line break or the end; any other `"` is data. It passes on only whole
 * records, none longer than `maxBytes`. When a quote is still open at the end of the file, or after `maxBytes`, it
 * reports the line where that quote was opened, hands csv-parse an empty line for each line of that row (so
 * csv-parse's line numbers stay the file's), and reads the lines after the quote's line as rows of their own. A line
 * longer than `maxBytes` is reported and skipped without being held. A leading UTF-8 BOM is left for csv-parse.
 */
export class CsvQuoteGuard extends Transform {
  /** The record being read, from its first byte: not passed on yet. Empty while skipping a long line. */
  private pending: Buffer = Buffer.alloc(0);
  /** How far `pending` was scanned (a `"` or CR at the end waits for the byte after it). */
  private scanned = 0;
  private bomChecked = false;
  /** The line (1-based) at the scan position, and the line the pending record started on. */
  private line = 1;
  private recordLine = 1;
  /** Offset in `pending` where the current line starts. */
  private lineStart = 0;
  /** Inside a quoted field; the line that opened it, and the offset just after that line (-1: not ended yet). */
  private quoting = false;
  private quoteLine = 0;
  private quoteLineEnd = -1;
  /** Nothing read yet of the current field (a `"` here opens a quoted field). */
  private fieldStart = true;
  /** Skipping the rest of a line or row longer than maxBytes. */
  private discarding = false;

  constructor(private readonly onProblem: (problem: LineProblem) => void, private readonly maxBytes = MAX_LINE_BYTES) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.scan(this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]), false);
    done();
  }

  override _flush(done: TransformCallback): void {
    this.scan(this.pending, true);
    done();
  }

  /** Scans `buf` (the pending record, then new bytes) on from `scanned`, passing on every record that is complete. */
  private scan(buf: Buffer, end: boolean): void {
    let start = 0; // the pending record's first byte in buf: everything before it is passed on or dropped
    let i = this.scanned;
    if (!this.bomChecked) {
      if (buf.length < 3 && !end) return this.keep(buf, 0, 0);
      this.bomChecked = true;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) i = 3;
    }
    for (;;) {
      if (i >= buf.length) {
        if (!end || this.discarding) break;
        if (!this.quoting) {
          this.passOn(buf, start, buf.length);
          start = buf.length;
          break;
        }
        // The file ends inside a quoted field.
        start = i = this.dropUnclosed(buf, start, 'malformed CSV: unclosed quote');
        continue;
      }
      const c = buf[i];
      let lineEnd = -1; // set when a line ends just before this offset
      if (c === LF) {
        lineEnd = i + 1;
      } else if (c === CR) {
        if (i + 1 >= buf.length && !end) break; // CRLF or a lone CR: the next chunk says
        if (buf[i + 1] !== LF) lineEnd = i + 1;
      } else if (this.discarding) {
        // nothing to follow in a skipped line
      } else if (c === QUOTE) {
        if (this.quoting) {
          if (i + 1 >= buf.length && !end) break; // the byte after it decides
          const after = buf[i + 1];
          if (after === QUOTE) {
            i += 1; // `""`: a quote inside the field
          } else if (after === undefined || after === COMMA || after === LF || after === CR) {
            this.quoting = false;
          }
        } else if (this.fieldStart) {
          this.quoting = true;
          this.quoteLine = this.line;
          this.quoteLineEnd = -1;
        }
        this.fieldStart = false;
      } else {
        this.fieldStart = c === COMMA && !this.quoting;
      }
      i += 1;
      if (lineEnd >= 0) {
        this.line += 1;
        this.lineStart = lineEnd;
        if (this.discarding) {
          // The end of a skipped line: pass on its line break alone.
          this.push(lineBreaks(buf.subarray(c === LF && buf[lineEnd - 2] === CR ? lineEnd - 2 : lineEnd - 1, lineEnd)));
          this.discarding = false;
          start = this.startRecord(lineEnd);
        } else if (!this.quoting) {
          this.passOn(buf, start, lineEnd);
          start = this.startRecord(lineEnd);
        } else if (this.quoteLineEnd < 0) {
          this.quoteLineEnd = lineEnd;
        }
      } else if (this.discarding) {
        start = i;
      } else if (i - start > this.maxBytes) {
        if (this.quoting && this.quoteLineEnd >= 0) {
          start = i = this.dropUnclosed(buf, start, `malformed CSV: quote not closed within ${this.maxBytes} bytes`);
        } else {
          // The row is too long on its current line: report it, pass on its finished lines as empty ones and skip
          // the rest of the line without holding it.
          const where = this.quoting ? this.quoteLine : this.line;
          const reason = this.quoting ? `malformed CSV: quote not closed within ${this.maxBytes} bytes` : `line longer than ${this.maxBytes} bytes`;
          this.onProblem({ line: where, reason: `${reason}${this.recordLine < where ? ` (the row starting on line ${this.recordLine} is skipped)` : ''}` });
          this.push(lineBreaks(buf.subarray(start, this.lineStart)));
          this.discarding = true;
          this.quoting = false;
          start = i;
        }
      }
    }
    this.keep(buf, start, i);
  }

  /** Keeps `buf` from `start` (the record being read; only a waiting byte while skipping), scanned up to `scanned`. */
  private keep(buf: Buffer, start: number, scanned: number): void {
    this.pending = Buffer.from(buf.subarray(start));
    this.scanned = scanned - start;
    this.lineStart = Math.max(0, this.lineStart - start);
    if (this.quoteLineEnd >= 0) this.quoteLineEnd -= start;
  }

  private passOn(buf: Buffer, from: number, to: number): void {
    if (to > from) this.push(buf.subarray(from, to));
  }

  /** A record starts at `at`, on the current line; answers `at`. */
  private startRecord(at: number): number {
    this.recordLine = this.line;
    this.lineStart = at;
    this.quoting = false;
    this.quoteLineEnd = -1;
    this.fieldStart = true;
    return at;
  }

  /**
   * The pending record (from `start`) has a quote that never closes: report the line that opened it, pass on an
   * empty line for each line of the row up to that one, and answer where to read on (the next line).
   */
  private dropUnclosed(buf: Buffer, start: number, reason: string): number {
    const resume = this.quoteLineEnd >= 0 ? this.quoteLineEnd : buf.length;
    const first = this.recordLine;
    this.onProblem({
      line: this.quoteLine,
      reason: `${reason} (the row${first < this.quoteLine ? ` starting on line ${first}` : ''} is skipped; the lines after it are read as rows of their own)`,
    });
    this.push(lineBreaks(buf.subarray(start, resume)));
    this.line = this.quoteLine + (this.quoteLineEnd >= 0 ? 1 : 0);
    return this.startRecord(resume);
  }
}

/** The line breaks of `bytes`, in order (CRLF, LF, lone CR), and nothing else. */
function lineBreaks(bytes: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 1) {
    if (bytes[i] === LF) out.push(LF);
    else if (bytes[i] === CR) {
      out.push(CR);
      if (bytes[i + 1] === LF) {
        out.push(LF);
        i += 1;
      }
    }
  }
  return Buffer.from(out);
}
