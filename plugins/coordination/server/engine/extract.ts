/**
 * Step 1 of the engine: one pass over the posts (in time order) and the accounts that emits the acts of every
 * evidence type, interns their keys and counts each account's activity per type.
 */
import { f64, i32, u8 } from './arena';
import { EVIDENCE_TYPES, type EvidenceType } from '../../shared/types';
import { ActBuffer } from './acts';
import { TextIndex } from './copypasta';
import { normalizeHashtag, normalizeProfileUrl, normalizeUrl, screenNameSkeleton } from './normalize';
import type { PostSource } from './postSource';
import type { CoordAccount, CoordinationConfig } from './types';

export class Interner {
  readonly ids = new Map<string, number>();
  readonly strings: string[] = [];
  id(s: string): number {
    let v = this.ids.get(s);
    if (v === undefined) { v = this.strings.length; this.ids.set(s, v); this.strings.push(s); }
    return v;
  }
}

export interface Extracted {
  /** accounts: index -> id, platform */
  accountIds: string[];
  accountPlatform: (string | null)[];
  /** accounts that authored at least one post */
  authors: number;
  /** all accounts known (authors and profiles, at least 2): the population of key rarity */
  population: number;
  /** posts per account */
  postsOf: Float64Array;
  /** posts in time order: sorted position -> input index */
  postOrder: Int32Array;
  postTime: Float64Array;
  postAcc: Int32Array;
  /** per sorted post: hashtag sequence key (-1 without a sequence of 2+), text index (-1 without a fingerprint) */
  seqOfPost: Int32Array;
  textOfPost: Int32Array;
  acts: Record<EvidenceType, ActBuffer>;
  /** activity per type and account: the sum of the account's act weights */
  activity: Record<EvidenceType, Float64Array>;
  /** accounts with at least one act of the type */
  activeAccounts: Record<EvidenceType, number>;
  keys: Record<EvidenceType, Interner>;
  texts: TextIndex;
  /** account creation time per account (NaN when unknown) */
  createdAt: Float64Array;
}

export function extractActs(posts: PostSource, profiles: readonly CoordAccount[], cfg: CoordinationConfig): Extracted {
  const accIndex = new Map<string, number>();
  const accountIds: string[] = [];
  const accountPlatform: (string | null)[] = [];
  const accountOf = (id: string, platform: string | null | undefined): number => {
    let a = accIndex.get(id);
    if (a === undefined) { a = accountIds.length; accIndex.set(id, a); accountIds.push(id); accountPlatform.push(platform ?? null); } else if (accountPlatform[a] === null && platform) accountPlatform[a] = platform;
    return a;
  };
  for (const acc of profiles) accountOf(acc.id, acc.platform);

  const n = posts.n;
  const postOrder = i32(n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    postOrder[i] = i;
    if (i > 0 && posts.time(i) < posts.time(i - 1)) sorted = false;
  }
  if (!sorted) timeOrder(posts, postOrder);

  const acts = {} as Record<EvidenceType, ActBuffer>;
  const keys = {} as Record<EvidenceType, Interner>;
  // Capacities from the input size: growing large typed arrays on a big heap costs full garbage collections.
  for (const t of EVIDENCE_TYPES) {
    const perPost = t === 'SYNCHRONOUS_HASHTAG_SHARE' ? 1 : t === 'SYNCHRONOUS_URL_SHARE' || t === 'SYNCHRONOUS_REPOST' ? 0.5 : 0.25;
    const profile = t === 'SYNCHRONOUS_ACCOUNT_CREATION' || t === 'SIMILAR_SCREEN_NAMES' || t === 'SAME_PROFILE_URL';
    acts[t] = new ActBuffer(Math.max(1024, Math.ceil(profile ? profiles.length : n * perPost)));
    keys[t] = new Interner();
  }
  let withText = 0;
  for (let i = 0; i < n; i++) if ((cfg.repostsCarryContent || posts.repostOf(i) === null) && posts.hasText(i)) withText++;
  const texts = new TextIndex(cfg.copypasta, withText);
  const postTime = f64(n);
  const postAcc = i32(n);
  const seqOfPost = i32(n).fill(-1);
  const textOfPost = i32(n).fill(-1);
  const on = (t: EvidenceType) => cfg.types[t].enabled;
  const urlOn = on('SYNCHRONOUS_URL_SHARE'), tagOn = on('SYNCHRONOUS_HASHTAG_SHARE'), seqOn = on('HASHTAG_SEQUENCE_SHARE');
  const repostOn = on('SYNCHRONOUS_REPOST'), textOn = on('COPYPASTA');
  const urlCache = new Map<string, number>();
  const tagCache = new Map<string, number>();
  const seqCache = new Map<number, number>();
  const postUrlKeys: number[] = [];
  const postTagKeys: number[] = [];
  const authorSeen = u8(n + profiles.length + 1);
  let authors = 0;

  for (let r = 0; r < n; r++) {
    const p = postOrder[r]!;
    const a = accountOf(posts.account(p), posts.platform(p));
    if (!authorSeen[a]) { authorSeen[a] = 1; authors++; }
    const t = posts.time(p);
    postTime[r] = t;
    postAcc[r] = a;
    const repostOf = posts.repostOf(p);
    const isRepost = repostOf !== null;
    if (isRepost && repostOn) acts.SYNCHRONOUS_REPOST.push(keys.SYNCHRONOUS_REPOST.id(repostOf), t, a, r, 1);
    if (isRepost && !cfg.repostsCarryContent) continue;
    const nUrls = urlOn ? posts.urlCount(p) : 0;
    if (nUrls > 0) {
      postUrlKeys.length = 0;
      for (let u = 0; u < nUrls; u++) {
        const raw = posts.url(p, u);
        let k = urlCache.get(raw);
        if (k === undefined) {
          const norm = normalizeUrl(raw);
          k = norm === null ? -1 : keys.SYNCHRONOUS_URL_SHARE.id(norm);
          urlCache.set(raw, k);
        }
        if (k >= 0 && !postUrlKeys.includes(k)) postUrlKeys.push(k);
      }
      // act weights: 1/k, so an account's weights sum to its posts with links (its activity)
      const w = 1 / postUrlKeys.length;
      for (let u = 0; u < postUrlKeys.length; u++) acts.SYNCHRONOUS_URL_SHARE.push(postUrlKeys[u]!, t, a, r, w);
    }
    const nTags = tagOn || seqOn ? posts.hashtagCount(p) : 0;
    if (nTags > 0) {
      postTagKeys.length = 0;
      for (let u = 0; u < nTags; u++) {
        const raw = posts.hashtag(p, u);
        let k = tagCache.get(raw);
        if (k === undefined) {
          const norm = normalizeHashtag(raw);
          k = norm === null ? -1 : keys.SYNCHRONOUS_HASHTAG_SHARE.id(norm);
          tagCache.set(raw, k);
        }
        if (k >= 0 && !postTagKeys.includes(k)) postTagKeys.push(k);
      }
      if (tagOn) {
        const w = 1 / postTagKeys.length;
        for (let u = 0; u < postTagKeys.length; u++) acts.SYNCHRONOUS_HASHTAG_SHARE.push(postTagKeys[u]!, t, a, r, w);
      }
      if (seqOn && postTagKeys.length >= 2) {
        // interned by a 53-bit hash of the key ids; the string is built once per distinct sequence
        let h1 = 0x811c9dc5, h2 = postTagKeys.length;
        for (let u = 0; u < postTagKeys.length; u++) {
          const k = postTagKeys[u]!;
          h1 = Math.imul(h1 ^ k, 0x01000193); h2 = Math.imul(h2 ^ k, 0x5bd1e995) ^ (h2 >>> 15);
        }
        const hk = (h1 >>> 0) * 2097152 + ((h2 >>> 0) & 0x1fffff);
        let seq = seqCache.get(hk);
        if (seq === undefined) {
          const names = keys.SYNCHRONOUS_HASHTAG_SHARE.strings;
          seq = keys.HASHTAG_SEQUENCE_SHARE.id(postTagKeys.map((k) => `#${names[k]}`).join(' '));
          seqCache.set(hk, seq);
        }
        seqOfPost[r] = seq;
        acts.HASHTAG_SEQUENCE_SHARE.push(seq, t, a, r, 1);
      }
    }
    if (textOn) {
      const text = posts.text(p);
      if (text) textOfPost[r] = texts.add(text, t, r);
    }
  }

  // Profile evidence: one act per account and type.
  const nAcc = accountIds.length;
  const createdAt = f64(nAcc).fill(NaN);
  const creation: Array<[number, number]> = [];
  for (const acc of profiles) {
    const a = accIndex.get(acc.id)!;
    if (typeof acc.created_at === 'number' && Number.isFinite(acc.created_at)) {
      createdAt[a] = acc.created_at;
      creation.push([acc.created_at, a]);
    }
    if (on('SIMILAR_SCREEN_NAMES')) {
      const sk = screenNameSkeleton(acc.screen_name, cfg.screenNameMinLetters);
      if (sk) acts.SIMILAR_SCREEN_NAMES.push(keys.SIMILAR_SCREEN_NAMES.id(sk), 0, a, -1, 1);
    }
    if (on('SAME_PROFILE_URL')) {
      const pu = normalizeProfileUrl(acc.profile_url);
      if (pu) acts.SAME_PROFILE_URL.push(keys.SAME_PROFILE_URL.id(pu), 0, a, -1, 1);
    }
  }
  if (on('SYNCHRONOUS_ACCOUNT_CREATION')) {
    creation.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    for (const [time, a] of creation) {
      const plat = accountPlatform[a];
      acts.SYNCHRONOUS_ACCOUNT_CREATION.push(keys.SYNCHRONOUS_ACCOUNT_CREATION.id(plat ?? 'all'), time, a, -1, 1);
    }
  }

  const activity = {} as Record<EvidenceType, Float64Array>;
  const activeAccounts = {} as Record<EvidenceType, number>;
  for (const t of EVIDENCE_TYPES) {
    if (t === 'COPYPASTA') continue;
    const act = f64(nAcc);
    const b = acts[t];
    let active = 0;
    for (let i = 0; i < b.n; i++) { const a = b.acc[i]!; if (act[a] === 0) active++; act[a]! += b.w[i]!; }
    activity[t] = act;
    activeAccounts[t] = active;
  }
  {
    const act = f64(nAcc);
    let active = 0;
    for (let i = 0; i < texts.n; i++) { const a = postAcc[texts.post[i]!]!; if (act[a] === 0) active++; act[a]! += 1; }
    activity.COPYPASTA = act;
    activeAccounts.COPYPASTA = active;
  }
  const postsOf = f64(nAcc);
  for (let r = 0; r < n; r++) postsOf[postAcc[r]!]!++;
  return {
    accountIds, accountPlatform, authors, population: Math.max(2, nAcc), postsOf, postOrder, postTime, postAcc, seqOfPost, textOfPost, acts, activity,
    activeAccounts, keys, texts, createdAt,
  };
}

/**
 * Fills `order` (0..n-1 on entry) with the posts in time order, ties by index. When the times are integers whose span
 * times the next power of two above n stays below 2^53 (a month of millisecond times and a million posts does), each
 * post's (time - min) * 2^bits + index is an exact float and one numeric sort of those keys gives the order (1.3 s of
 * comparator sort at 1M posts becomes about 0.1 s); otherwise the comparator sort.
 */
export function timeOrder(posts: PostSource, order: Int32Array): void {
  const n = order.length;
  let min = Infinity, max = -Infinity, integers = true;
  for (let i = 0; i < n; i++) {
    const t = posts.time(i);
    if (!Number.isInteger(t)) { integers = false; break; }
    if (t < min) min = t;
    if (t > max) max = t;
  }
  const bits = Math.max(1, Math.ceil(Math.log2(n + 1)));
  const scale = 2 ** bits;
  if (integers && (max - min + 1) * scale <= Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = (posts.time(i) - min) * scale + i;
    keys.sort();
    for (let i = 0; i < n; i++) order[i] = keys[i]! % scale;
    return;
  }
  const idx = Array.from(order);
  idx.sort((x, y) => posts.time(x) - posts.time(y) || x - y);
  order.set(idx);
}
