/**
 * How the engine reads its posts: one interface over two layouts. `CoordPost[]` (the public API, tests, the
 * evaluation) and `PackedPosts`, the columnar layout the pipeline stage hands its worker thread (ADR 0016): typed
 * arrays and string tables instead of a million small objects, so the run crosses to the worker by transfer (no copy,
 * no object graph to rebuild) and takes about a tenth of the heap. Both give the engine the same values in the same
 * order, so the detection is identical whichever it reads.
 */
import type { CoordPost } from './types';

export interface PostSource {
  readonly n: number;
  id(i: number): string;
  /** the id as a number (NaN when it is not one): what the stored evidence keeps */
  idNumber(i: number): number;
  account(i: number): string;
  time(i: number): number;
  platform(i: number): string | null;
  /** the reposted post's key, null when the post is no repost */
  repostOf(i: number): string | null;
  urlCount(i: number): number;
  url(i: number, k: number): string;
  hashtagCount(i: number): number;
  hashtag(i: number, k: number): string;
  text(i: number): string | null;
  /** text(i) is not null (without decoding it) */
  hasText(i: number): boolean;
  engagement(i: number): number | null;
  /**
   * Lets go of everything but `id` and `engagement`: after extraction the engine reads nothing else. Only a source
   * made with `consume` (the stage's worker, whose run was transferred to it) empties its columns; otherwise a no-op.
   */
  release(): void;
}

/**
 * A run's posts as columns. Strings (account ids, platforms, repost keys, links, hashtags) are indices into
 * `strings`; links and hashtags are CSR lists (`urlOff[i]..urlOff[i + 1]` in `urlIds`); texts are UTF-8 in
 * `textBytes` (`textOff`), an empty text standing for none. Only plain data and ArrayBuffers: `buffers()` lists
 * what a worker call can transfer. No engagement score: the stage reads none (its clusters' preview
 * `engagement_score` is null).
 */
export interface PackedPosts {
  n: number;
  /** post ids (`posts_posts.id`): the engine reports `String(id)` */
  id: Float64Array;
  time: Float64Array;
  account: Int32Array;
  platform: Int32Array;
  /** -1: no repost */
  repost: Int32Array;
  urlOff: Int32Array;
  urlIds: Int32Array;
  tagOff: Int32Array;
  tagIds: Int32Array;
  textOff: Int32Array;
  textBytes: Uint8Array;
  strings: string[];
}

export function objectSource(posts: readonly CoordPost[]): PostSource {
  return {
    n: posts.length,
    id: (i) => posts[i]!.id,
    idNumber: (i) => Number(posts[i]!.id),
    account: (i) => posts[i]!.account_id,
    time: (i) => posts[i]!.published_at,
    platform: (i) => posts[i]!.platform ?? null,
    repostOf: (i) => { const r = posts[i]!.repost_of; return r === undefined || r === null || r === '' ? null : r; },
    urlCount: (i) => posts[i]!.urls?.length ?? 0,
    url: (i, k) => posts[i]!.urls![k]!,
    hashtagCount: (i) => posts[i]!.hashtags?.length ?? 0,
    hashtag: (i, k) => posts[i]!.hashtags![k]!,
    text: (i) => posts[i]!.text || null,
    hasText: (i) => !!posts[i]!.text,
    engagement: (i) => posts[i]!.engagement_score ?? null,
    release: () => {},
  };
}

/**
 * `consume`: `release()` empties `p`'s columns but `id` (and its string table), so the worker's own copy of the run
 * (about 150 MB at 1M posts, mostly texts) is freed after extraction instead of living to the end of the detection.
 */
export function packedSource(p: PackedPosts, consume = false): PostSource {
  // ignoreBOM: a text that starts with U+FEFF keeps it, as the object layout does
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let { strings } = p;
  return {
    n: p.n,
    id: (i) => String(p.id[i]!),
    idNumber: (i) => p.id[i]!,
    account: (i) => strings[p.account[i]!]!,
    time: (i) => p.time[i]!,
    platform: (i) => { const s = p.platform[i]!; return s < 0 ? null : strings[s]!; },
    repostOf: (i) => { const s = p.repost[i]!; return s < 0 ? null : strings[s]!; },
    urlCount: (i) => p.urlOff[i + 1]! - p.urlOff[i]!,
    url: (i, k) => strings[p.urlIds[p.urlOff[i]! + k]!]!,
    hashtagCount: (i) => p.tagOff[i + 1]! - p.tagOff[i]!,
    hashtag: (i, k) => strings[p.tagIds[p.tagOff[i]! + k]!]!,
    text: (i) => {
      const a = p.textOff[i]!, b = p.textOff[i + 1]!;
      return a === b ? null : decoder.decode(p.textBytes.subarray(a, b));
    },
    hasText: (i) => p.textOff[i + 1]! > p.textOff[i]!,
    engagement: () => null,
    release: () => {
      if (!consume) return;
      const none = new Int32Array(0);
      Object.assign(p, {
        time: new Float64Array(0), account: none, platform: none, repost: none, urlOff: none, urlIds: none, tagOff: none, tagIds: none,
        textOff: none, textBytes: new Uint8Array(0), strings: [],
      });
      strings = [];
    },
  };
}

/** The ArrayBuffers of a packed run, for a worker call's transfer list (the sender loses them). */
export function packedBuffers(p: PackedPosts): ArrayBuffer[] {
  const arrays = [p.id, p.time, p.account, p.platform, p.repost, p.urlOff, p.urlIds, p.tagOff, p.tagIds, p.textOff, p.textBytes];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

/** Grows a typed array's capacity geometrically (the run's size is not known up front). */
class Column<T extends Float64Array | Int32Array | Uint8Array> {
  n = 0;
  constructor(public data: T, private readonly make: (n: number) => T) {}
  push(v: number): void {
    if (this.n === this.data.length) this.reserve(this.n + 1);
    this.data[this.n++] = v;
  }
  reserve(min: number): void {
    if (min <= this.data.length) return;
    const next = this.make(Math.max(min, Math.ceil(this.data.length * 1.5)));
    next.set(this.data.subarray(0, this.n) as never);
    this.data = next;
  }
  /** the filled part, in an ArrayBuffer of its own size (so a transfer carries no slack) */
  done(): T {
    return this.n === this.data.length ? this.data : (this.data.slice(0, this.n) as T);
  }
}

/**
 * Builds a `PackedPosts` one post at a time, interning every string once. The stage's reader appends the run
 * batch by batch; `packPosts` packs an object array (tests).
 */
export class PackedPostsBuilder {
  private readonly ids = new Column(new Float64Array(1024), (n) => new Float64Array(n));
  private readonly times = new Column(new Float64Array(1024), (n) => new Float64Array(n));
  private readonly accounts = new Column(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly platforms = new Column(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly reposts = new Column(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly urlOff = new Column(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly urlIds = new Column(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly tagOff = new Column(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly tagIds = new Column(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly textOff = new Column(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly textBytes = new Column(new Uint8Array(1 << 16), (n) => new Uint8Array(n));
  private readonly index = new Map<string, number>();
  private readonly strings: string[] = [];
  private readonly encoder = new TextEncoder();

  constructor() {
    this.urlOff.push(0); this.tagOff.push(0); this.textOff.push(0);
  }

  get n(): number {
    return this.ids.n;
  }

  /** The interned id of a string. */
  intern(s: string): number {
    let v = this.index.get(s);
    if (v === undefined) { v = this.strings.length; this.index.set(s, v); this.strings.push(s); }
    return v;
  }

  add(id: number, account: string, time: number, platform: string | null, repostOf: string | null,
    urls: readonly string[] | null, hashtags: readonly string[] | null, text: string | null): void {
    this.ids.push(id);
    this.times.push(time);
    this.accounts.push(this.intern(account));
    this.platforms.push(platform === null ? -1 : this.intern(platform));
    this.reposts.push(repostOf === null || repostOf === '' ? -1 : this.intern(repostOf));
    for (const u of urls ?? []) this.urlIds.push(this.intern(u));
    this.urlOff.push(this.urlIds.n);
    for (const h of hashtags ?? []) this.tagIds.push(this.intern(h));
    this.tagOff.push(this.tagIds.n);
    if (text) {
      // UTF-8 takes at most 3 bytes per UTF-16 unit
      const tb = this.textBytes;
      tb.reserve(tb.n + text.length * 3);
      tb.n += this.encoder.encodeInto(text, tb.data.subarray(tb.n)).written;
    }
    this.textOff.push(this.textBytes.n);
  }

  build(): PackedPosts {
    return {
      n: this.ids.n, id: this.ids.done(), time: this.times.done(), account: this.accounts.done(), platform: this.platforms.done(),
      repost: this.reposts.done(), urlOff: this.urlOff.done(), urlIds: this.urlIds.done(), tagOff: this.tagOff.done(),
      tagIds: this.tagIds.done(), textOff: this.textOff.done(), textBytes: this.textBytes.done(), strings: this.strings,
    };
  }
}

/** Packs posts whose ids are numeric strings (as the stage's are). */
export function packPosts(posts: readonly CoordPost[]): PackedPosts {
  const b = new PackedPostsBuilder();
  for (const p of posts) {
    const id = Number(p.id);
    if (!Number.isSafeInteger(id) || String(id) !== p.id) throw new Error(`packPosts: post id '${p.id}' is not an integer`);
    b.add(id, p.account_id, p.published_at, p.platform ?? null, p.repost_of ?? null, p.urls ?? null, p.hashtags ?? null, p.text ?? null);
  }
  return b.build();
}
