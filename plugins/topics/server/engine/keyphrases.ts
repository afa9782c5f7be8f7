import { NO_KEYPHRASES } from '../../shared/types';
import { phrases } from './tokenize';

/**
 * Class-based term weighting over 1-3 grams (the c-TF-IDF idea of BERTopic: all posts of a topic form one
 * document). The score is a keyness W(x, c) = p(x|c)^0.8 × ln(p(x|c) / p(x)), with p(x|c) the share of the
 * topic's posts containing x and p(x) the share over all topics' posts: a term frequent in the topic *and*
 * over-represented there (the 0.8 leans slightly towards distinctive terms). Measured on BBC News at 10-50 topics
 * (bench/topics.bench.ts): BERTopic's count × ln(1 + A / f(x)) ranks words frequent everywhere ('year', 'good')
 * high in every topic, diversity 0.75-0.88 and NPMI 0.15-0.19; the exponent 1 gave diversity 0.79-0.95, NPMI
 * 0.19-0.22; 0.8 gives diversity 0.83-0.96 and NPMI 0.18-0.21.
 *
 * Keyphrase rules: an n-gram of 2-3 words needs max(2, minPhraseShare × topic posts) posts; a candidate already contained in a
 * chosen phrase is skipped; a longer phrase that covers at least half the posts of a chosen shorter one replaces
 * it ('minister' -> 'prime minister'). Hashtags, mentions and hosts take part as unigrams. A topic without any
 * candidate gets the placeholder 'No keyphrases found' (dropped by `cleanNgrams` on output).
 */
export interface KeyphraseInput { text: string; language: string | null }

export interface TopicKeyphrases {
  /** Display forms, best first. */
  ngrams: string[];
  /** Top single words in normalised form (for coherence and diversity). */
  words: string[];
}

export interface KeyphraseOptions { maxKeyphrases: number; maxWords: number; minPhraseShare: number }

const HAN_EDGE = /\p{Script=Han}/u;

function joinSurface(parts: string[]): string {
  let out = parts[0] ?? '';
  for (let i = 1; i < parts.length; i++) {
    const prev = out[out.length - 1] ?? '';
    const next = parts[i]![0] ?? '';
    out += (HAN_EDGE.test(prev) && HAN_EDGE.test(next) ? '' : ' ') + parts[i];
  }
  return out;
}

function contains(longer: string, shorter: string): boolean {
  return longer !== shorter && (` ${longer} `).includes(` ${shorter} `);
}

export function extractKeyphrases(
  topics: ReadonlyArray<readonly KeyphraseInput[]>,
  opts: KeyphraseOptions,
): TopicKeyphrases[] {
  const counts: Array<Map<string, number>> = [];
  const total = new Map<string, number>();
  const surfaces = new Map<string, Map<string, number>>();
  for (const posts of topics) {
    const cnt = new Map<string, number>();
    const seen = new Set<string>();
    const add = (key: string, surface: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      cnt.set(key, (cnt.get(key) ?? 0) + 1);
      // Only spellings that differ from the normalised key are tracked (accents, hashtag case).
      if (surface !== key) {
        let s = surfaces.get(key);
        if (!s) { s = new Map(); surfaces.set(key, s); }
        s.set(surface, (s.get(surface) ?? 0) + 1);
      }
    };
    for (const post of posts) {
      seen.clear();
      for (const run of phrases(post.text, post.language)) {
        for (let i = 0; i < run.length; i++) {
          const a = run[i]!;
          add(a.token, a.surface);
          if (i + 1 >= run.length) continue;
          const b = run[i + 1]!;
          if (b.token === a.token) continue;
          const k2 = `${a.token} ${b.token}`;
          const s2 = joinSurface([a.surface, b.surface]);
          add(k2, s2);
          if (i + 2 >= run.length) continue;
          const c = run[i + 2]!;
          if (c.token === a.token || c.token === b.token) continue;
          add(`${k2} ${c.token}`, joinSurface([s2, c.surface]));
        }
      }
    }
    for (const [k, v] of cnt) total.set(k, (total.get(k) ?? 0) + v);
    counts.push(cnt);
  }
  const totalPosts = topics.reduce((x, t) => x + t.length, 0);
  const display = (key: string, count: number): string => {
    const variants = surfaces.get(key);
    if (!variants) return key;
    let best = key;
    let bestN = count - [...variants.values()].reduce((x, y) => x + y, 0);
    for (const [s, n] of variants) if (n > bestN || (n === bestN && s < best)) { best = s; bestN = n; }
    return best;
  };

  return counts.map((cnt, c) => {
    const size = topics[c]!.length;
    const minSupport = Math.max(2, Math.ceil(size * opts.minPhraseShare));
    const scored: Array<{ key: string; n: number; count: number; score: number }> = [];
    for (const [key, count] of cnt) {
      const n = key.split(' ').length;
      if (n > 1 && count < minSupport) continue;
      if (n === 1 && count < Math.min(2, size)) continue;
      const f = total.get(key)!;
      const share = count / size;
      const score = share ** 0.8 * Math.log(Math.max(share / (f / totalPosts), 1e-9));
      scored.push({ key, n, count, score });
    }
    scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const words = scored.filter((s) => s.n === 1).slice(0, opts.maxWords).map((s) => s.key);
    const picked: Array<{ key: string; count: number }> = [];
    for (const cand of scored) {
      if (picked.length >= opts.maxKeyphrases) break;
      if (picked.some((p) => contains(p.key, cand.key))) continue;
      const covered = picked.filter((p) => contains(cand.key, p.key));
      if (covered.length && covered.every((p) => cand.count >= 0.5 * p.count)) {
        const at = picked.indexOf(covered[0]!);
        picked[at] = { key: cand.key, count: cand.count };
        for (const p of covered.slice(1)) picked.splice(picked.indexOf(p), 1);
        continue;
      }
      picked.push({ key: cand.key, count: cand.count });
    }
    const ngrams = picked.map((p) => display(p.key, total.get(p.key)!));
    return { ngrams: ngrams.length ? ngrams : [NO_KEYPHRASES], words };
  });
}
