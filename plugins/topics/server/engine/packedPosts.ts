import { grownToFit } from '@core/shared/arrays/grownToFit';
import { signalsOf, type TopicPostTable } from './postTable';

/**
 * A run's posts in columns (ADR 0017), built by the stage as it reads the run and transferred to the engine's thread
 * without a copy: ids and dates as Float64Array, risk signals as bits, language and category hints as ids into small
 * tables, texts as UTF-8 in chunks of CHUNK_BYTES with each post's end offset. About 40 bytes per post plus its text.
 */
export interface PackedTopicColumns {
  count: number;
  /** posts_posts.id: integers in [0, 1e15). */
  ids: Float64Array;
  /** Publication times in epoch ms, NaN where the stored text is not the canonical ISO form (kept in `oddDates`). */
  dates: Float64Array;
  oddDates: Array<[number, string]>;
  signals: Uint8Array;
  languages: Uint16Array;
  languageNames: Array<string | null>;
  /** CSR: the distinct category ids of post i are categoryIds[categoryEnd[i - 1] .. categoryEnd[i]). */
  categoryEnd: Int32Array;
  categoryIds: Int32Array;
  categoryNames: string[];
  /** Texts: UTF-8 chunks; post i's bytes end at textEnd[i] (offsets over the chunks laid end to end). */
  textChunks: Uint8Array[];
  textEnd: Float64Array;
}

/** What the builder needs of a post. */
export interface PackablePost {
  id: number;
  text: string;
  language: string | null;
  published_at: string;
  is_niche: boolean;
  engagement_level: 'low' | 'medium' | 'high' | null;
  threat: boolean;
  coordination_cluster_ids: readonly string[];
  insight_risk_categories?: readonly string[];
  categories?: readonly string[];
}

const CHUNK_BYTES = 64 * 2 ** 20;
const MAX_ID = 1e15;

/** The epoch ms of an ISO time when `toISOString()` gives it back exactly (then numbers order as the strings do), else NaN. */
function canonicalMs(iso: string): number {
  if (iso.length !== 24) return NaN;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) || new Date(ms).toISOString() !== iso ? NaN : ms;
}

export class PackedTopicColumnsBuilder {
  private n = 0;
  private ids = new Float64Array(1024);
  private dates = new Float64Array(1024);
  private readonly oddDates: Array<[number, string]> = [];
  private signals = new Uint8Array(1024);
  private languages = new Uint16Array(1024);
  private readonly languageIds = new Map<string | null, number>();
  private categoryEnd = new Int32Array(1024);
  private categoryIds = new Int32Array(1024);
  private categoryCount = 0;
  private readonly categoryIdOf = new Map<string, number>();
  private readonly chunks: Uint8Array[] = [];
  private chunk = new Uint8Array(0);
  private used = 0;
  private bytes = 0;
  private textEnd = new Float64Array(1024);
  private readonly encoder = new TextEncoder();

  add(p: PackablePost): void {
    if (!Number.isInteger(p.id) || p.id < 0 || p.id >= MAX_ID) throw new Error(`post id ${p.id} is not an integer in [0, 1e15)`);
    const i = this.n++;
    this.ids = grownToFit(this.ids, this.n);
    this.dates = grownToFit(this.dates, this.n);
    this.signals = grownToFit(this.signals, this.n);
    this.languages = grownToFit(this.languages, this.n);
    this.categoryEnd = grownToFit(this.categoryEnd, this.n);
    this.textEnd = grownToFit(this.textEnd, this.n);
    this.ids[i] = p.id;
    const ms = canonicalMs(p.published_at);
    this.dates[i] = ms;
    if (Number.isNaN(ms)) this.oddDates.push([i, p.published_at]);
    this.signals[i] = signalsOf(p);
    let language = this.languageIds.get(p.language);
    if (language === undefined) this.languageIds.set(p.language, (language = this.languageIds.size));
    this.languages[i] = language;
    for (const name of new Set(p.categories ?? [])) {
      let id = this.categoryIdOf.get(name);
      if (id === undefined) this.categoryIdOf.set(name, (id = this.categoryIdOf.size));
      this.categoryIds = grownToFit(this.categoryIds, this.categoryCount + 1);
      this.categoryIds[this.categoryCount++] = id;
    }
    this.categoryEnd[i] = this.categoryCount;
    this.addText(p.text);
    this.textEnd[i] = this.bytes;
  }

  /** A text goes whole into one chunk: a new chunk starts when it does not fit. */
  private addText(text: string): void {
    let written = this.encoder.encodeInto(text, this.chunk.subarray(this.used));
    if (written.read < text.length) {
      if (this.used) this.chunks.push(this.chunk.subarray(0, this.used));
      this.chunk = new Uint8Array(Math.max(CHUNK_BYTES, 3 * text.length));
      this.used = 0;
      written = this.encoder.encodeInto(text, this.chunk);
    }
    this.used += written.written;
    this.bytes += written.written;
  }

  finish(): PackedTopicColumns {
    if (this.used) this.chunks.push(this.chunk.subarray(0, this.used));
    this.chunk = new Uint8Array(0);
    this.used = 0;
    const n = this.n;
    return {
      count: n, ids: this.ids.slice(0, n), dates: this.dates.slice(0, n), oddDates: this.oddDates,
      signals: this.signals.slice(0, n), languages: this.languages.slice(0, n), languageNames: [...this.languageIds.keys()],
      categoryEnd: this.categoryEnd.slice(0, n), categoryIds: this.categoryIds.slice(0, this.categoryCount),
      categoryNames: [...this.categoryIdOf.keys()], textChunks: [...this.chunks], textEnd: this.textEnd.slice(0, n),
    };
  }
}

/** The columns of `posts` (tests; the stage builds them as it reads). */
export function packTopicPosts(posts: readonly PackablePost[]): PackedTopicColumns {
  const builder = new PackedTopicColumnsBuilder();
  for (const p of posts) builder.add(p);
  return builder.finish();
}

/** Every buffer of the columns, to transfer them to or from a worker thread. */
export function packedColumnBuffers(c: PackedTopicColumns): ArrayBuffer[] {
  const all = [c.ids, c.dates, c.signals, c.languages, c.categoryEnd, c.categoryIds, c.textEnd, ...c.textChunks].map((a) => a.buffer as ArrayBuffer);
  return [...new Set(all)];
}

/** Decimal digits of a non-negative integer below 1e15. */
function digits(x: number): number {
  let d = 1;
  for (let p = 10; p <= x; p *= 10) d++;
  return d;
}

/** `String(x) < String(y)` without the strings, for integers in [0, 1e15): scaled to the same length, a prefix first. */
export function compareDecimalStrings(x: number, y: number): number {
  if (x === y) return 0;
  const dx = digits(x);
  const dy = digits(y);
  if (dx === dy) return x < y ? -1 : 1;
  const sx = dx < dy ? x * 10 ** (dy - dx) : x;
  const sy = dy < dx ? y * 10 ** (dx - dy) : y;
  if (sx !== sy) return sx < sy ? -1 : 1;
  return dx < dy ? -1 : 1;
}

/** The packed layout of `TopicPostTable`; texts are decoded when asked for and not kept. */
export class PackedTopicTable implements TopicPostTable {
  readonly count: number;
  readonly signals: Uint8Array;
  private readonly oddDates: Map<number, string>;
  private readonly chunkStart: number[] = [];
  private readonly decoder = new TextDecoder();

  constructor(private readonly c: PackedTopicColumns) {
    this.count = c.count;
    this.signals = c.signals;
    this.oddDates = new Map(c.oddDates);
    let start = 0;
    for (const chunk of c.textChunks) { this.chunkStart.push(start); start += chunk.length; }
  }

  id(i: number): string { return String(this.c.ids[i]); }
  postId(i: number): number { return this.c.ids[i]!; }
  compareIds(a: number, b: number): number { return compareDecimalStrings(this.c.ids[a]!, this.c.ids[b]!); }

  text(i: number): string {
    const start = i === 0 ? 0 : this.c.textEnd[i - 1]!;
    const end = this.c.textEnd[i]!;
    if (end === start) return '';
    let lo = 0;
    let hi = this.chunkStart.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.chunkStart[mid]! <= start) lo = mid; else hi = mid - 1;
    }
    const base = this.chunkStart[lo]!;
    return this.decoder.decode(this.c.textChunks[lo]!.subarray(start - base, end - base));
  }

  language(i: number): string | null { return this.c.languageNames[this.c.languages[i]!]!; }

  date(i: number): string {
    const ms = this.c.dates[i]!;
    return Number.isNaN(ms) ? this.oddDates.get(i)! : new Date(ms).toISOString();
  }

  compareDates(a: number, b: number): number {
    const x = this.c.dates[a]!;
    const y = this.c.dates[b]!;
    if (!Number.isNaN(x) && !Number.isNaN(y)) return x < y ? -1 : x > y ? 1 : 0;
    const s = this.date(a);
    const t = this.date(b);
    return s < t ? -1 : s > t ? 1 : 0;
  }

  categories(i: number): readonly string[] {
    const out: string[] = [];
    for (let j = i === 0 ? 0 : this.c.categoryEnd[i - 1]!; j < this.c.categoryEnd[i]!; j++) out.push(this.c.categoryNames[this.c.categoryIds[j]!]!);
    return out;
  }

  duplicateId(): number {
    const ids = this.c.ids;
    let increasing = true;
    for (let i = 1; i < ids.length && increasing; i++) increasing = ids[i]! > ids[i - 1]!;
    if (increasing) return -1;
    const seen = new Set<number>();
    for (let i = 0; i < ids.length; i++) {
      if (seen.has(ids[i]!)) return i;
      seen.add(ids[i]!);
    }
    return -1;
  }
}
