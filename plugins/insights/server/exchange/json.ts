import { JSON_PROBLEMS } from './messages';

/**
 * A small JSON reader that knows where things are. JSON.parse cannot say on which line an array element starts, and
 * its error messages differ between Node versions (some give a position, some do not), so the import reads JSON
 * itself: the offset of each top-level array element, and the offset of the first syntax problem.
 */

export class JsonSyntaxError extends Error {
  constructor(readonly offset: number, readonly problem: string) {
    super(problem);
  }
}

/** Thrown when a top-level array has more elements than the caller allows. */
export class TooManyElements extends Error {}

export interface JsonDocument {
  value: unknown;
  /** When the document is an array: each element with the offset where it starts. */
  elements: Array<{ offset: number; value: unknown }> | null;
}

/** Deeper than any insight; keeps hostile input (`[[[[...`) from exhausting the stack. */
const MAX_DEPTH = 64;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX4 = /^[0-9a-fA-F]{4}$/;

/** `maxElements` stops reading a top-level array early: 5 MB of `{},` would otherwise be a million objects. */
export function parseJsonDocument(text: string, maxElements = Infinity): JsonDocument {
  const reader = new Reader(text, maxElements);
  reader.skipSpace();
  let doc: JsonDocument;
  if (text[reader.pos] === '[') {
    const elements: Array<{ offset: number; value: unknown }> = [];
    reader.array(1, elements);
    doc = { value: elements.map((e) => e.value), elements };
  } else {
    doc = { value: reader.value(0), elements: null };
  }
  reader.skipSpace();
  if (reader.pos < text.length) reader.fail(JSON_PROBLEMS.trailing);
  return doc;
}

class Reader {
  pos = 0;

  constructor(private readonly text: string, private readonly maxElements = Infinity) {}

  fail(problem: string, at = this.pos): never {
    throw new JsonSyntaxError(at, at >= this.text.length ? JSON_PROBLEMS.end : problem);
  }

  skipSpace(): void {
    for (let c = this.text.charCodeAt(this.pos); c === 32 || c === 9 || c === 10 || c === 13; c = this.text.charCodeAt(this.pos)) this.pos++;
  }

  value(depth: number): unknown {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') return this.object(depth + 1);
    if (c === '[') return this.array(depth + 1);
    if (c === '"') return this.string();
    for (const [word, literal] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return literal;
      }
    }
    NUMBER.lastIndex = this.pos;
    const number = NUMBER.exec(this.text);
    if (!number) this.fail(JSON_PROBLEMS.value);
    this.pos += number[0].length;
    return Number(number[0]);
  }

  array(depth: number, elements?: Array<{ offset: number; value: unknown }>): unknown[] {
    if (depth > MAX_DEPTH) this.fail(JSON_PROBLEMS.depth);
    this.pos++;
    const out: unknown[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipSpace();
      const offset = this.pos;
      const value = this.value(depth);
      out.push(value);
      elements?.push({ offset, value });
      if (elements && elements.length > this.maxElements) throw new TooManyElements();
      this.skipSpace();
      const c = this.text[this.pos];
      this.pos++;
      if (c === ']') return out;
      if (c !== ',') this.fail(JSON_PROBLEMS.arrayNext, this.pos - 1);
    }
  }

  object(depth: number): Record<string, unknown> {
    if (depth > MAX_DEPTH) this.fail(JSON_PROBLEMS.depth);
    this.pos++;
    const out: Record<string, unknown> = {};
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.fail(JSON_PROBLEMS.name);
      const key = this.string();
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail(JSON_PROBLEMS.colon);
      this.pos++;
      // defineProperty: a "__proto__" key becomes an own property, as with JSON.parse, not the object's prototype.
      Object.defineProperty(out, key, { value: this.value(depth), enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      const c = this.text[this.pos];
      this.pos++;
      if (c === '}') return out;
      if (c !== ',') this.fail(JSON_PROBLEMS.objectNext, this.pos - 1);
    }
  }

  string(): string {
    const start = this.pos++;
    let escaped = false;
    for (;;) {
      if (this.pos >= this.text.length) throw new JsonSyntaxError(start, JSON_PROBLEMS.unclosedString);
      const c = this.text.charCodeAt(this.pos);
      if (c === 34) break;
      if (c < 0x20) this.fail(JSON_PROBLEMS.control);
      if (c === 92) {
        const e = this.text[this.pos + 1] ?? '';
        if (e === 'u' ? !HEX4.test(this.text.slice(this.pos + 2, this.pos + 6)) : !ESCAPES.has(e)) this.fail(JSON_PROBLEMS.escape);
        escaped = true;
        this.pos += e === 'u' ? 6 : 2;
      } else {
        this.pos++;
      }
    }
    this.pos++;
    // The string is well formed here, so JSON.parse only decodes its escapes.
    return escaped ? (JSON.parse(this.text.slice(start, this.pos)) as string) : this.text.slice(start + 1, this.pos - 1);
  }
}
