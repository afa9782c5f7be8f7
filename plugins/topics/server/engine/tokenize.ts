import { stopwordsFor } from './stopwords';

/**
 * Tokenisation shared by the vectoriser (features) and the keyphrase extractor (phrases).
 *
 * - Words: Unicode letters/digits, lower-cased, diacritics folded (ñ kept) so 'política' and 'politica' meet;
 *   pure numbers and one-letter Latin words are dropped, stop words of the post's language are dropped.
 * - Chinese (any run containing Han characters): segmented with `Intl.Segmenter('zh', { granularity: 'word' })`.
 * - Hashtags: kept as the feature '#tag' plus the bare word 'tag' (so '#Brexit' meets 'Brexit').
 * - Mentions: kept as the feature '@user' only.
 * - URLs: reduced to their host without 'www.' (e.g. 'bbc.co.uk'); link shorteners and a few ubiquitous hosts
 *   that say nothing about the topic (t.co, bit.ly, ...) are dropped. Hosts contain a dot, so they never collide
 *   with words.
 * - Phrases (for n-gram keyphrases) are runs of kept words; punctuation, URLs, mentions and hashtags end a run.
 *   Stop words are removed inside a run without ending it, as a stop-word-filtered CountVectorizer does.
 */

const TOKEN_RE = /(https?:\/\/[^\s]+|www\.[^\s]+)|([#@][\p{L}\p{M}\p{N}_]+)|([\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*)|([.!?;:,()[\]{}"“”«»¿¡…|\n]+)/gu;
const HAN_RE = /\p{Script=Han}/u;
const NON_ASCII_RE = /[^\p{ASCII}]/u;
const DIGITS_RE = /^\d+$/;
const DROPPED_HOSTS = new Set(['t.co', 'bit.ly', 'ow.ly', 'tinyurl.com', 'buff.ly', 'goo.gl', 'dlvr.it', 'ift.tt', 'trib.al', 'lnkd.in', 'is.gd']);

let zhSegmenter: Intl.Segmenter | null = null;
function segmenter(): Intl.Segmenter {
  zhSegmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  return zhSegmenter;
}

/** Lower-case and fold diacritics except ñ; apostrophes normalised; English possessive 's removed. */
export function normalizeWord(raw: string): string {
  let w = raw.toLowerCase();
  if (NON_ASCII_RE.test(w)) {
    w = w.replace(/’/g, "'").normalize('NFD').replace(/n\u0303/g, 'ñ').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
  }
  if (w.endsWith("'s")) w = w.slice(0, -2);
  return w;
}

/** The host of a URL without 'www.', or null when it is a shortener or unparsable. */
export function urlHost(url: string): string | null {
  const m = /^(?:https?:\/\/)?([^/?#\s:]+)/i.exec(url);
  if (!m) return null;
  let host = m[1]!.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  if (!host.includes('.') || DROPPED_HOSTS.has(host)) return null;
  return host;
}

function keepWord(w: string, stop: Set<string>, han: boolean): boolean {
  if (stop.has(w)) return false;
  if (han) return true;
  return w.length >= 2 && !DIGITS_RE.test(w);
}

/** A phrase item: the normalised token and the form it had in the text (for display). */
export interface PhraseToken { token: string; surface: string }

type Emit = (kind: 'word' | 'feature' | 'break', token: string, surface: string) => void;

function scan(text: string, language: string | null | undefined, emit: Emit): void {
  const stop = stopwordsFor(language);
  TOKEN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN_RE.exec(text)) !== null) {
    if (m[3] !== undefined) {
      const raw = m[3];
      if (HAN_RE.test(raw)) {
        for (const seg of segmenter().segment(raw)) {
          if (!seg.isWordLike) continue;
          const w = normalizeWord(seg.segment);
          if (keepWord(w, stop, HAN_RE.test(w))) emit('word', w, seg.segment);
        }
      } else {
        const w = normalizeWord(raw);
        if (keepWord(w, stop, false)) emit('word', w, raw.toLowerCase());
      }
    } else if (m[2] !== undefined) {
      const tag = m[2];
      const body = normalizeWord(tag.slice(1));
      if (body.length === 0) continue;
      emit('break', '', '');
      emit('feature', tag[0] + body, tag[0] + tag.slice(1).toLowerCase());
      if (tag[0] === '#' && keepWord(body, stop, HAN_RE.test(body))) emit('feature', body, tag.slice(1).toLowerCase());
    } else if (m[1] !== undefined) {
      emit('break', '', '');
      const host = urlHost(m[1]);
      if (host) emit('feature', host, host);
    } else {
      emit('break', '', '');
    }
  }
}

/** The features of a post for the TF-IDF vectors: words, hashtags (and their bare word), mentions, URL hosts. */
export function tokenize(text: string, language?: string | null): string[] {
  const out: string[] = [];
  scan(text, language, (kind, token) => { if (kind !== 'break') out.push(token); });
  return out;
}

/**
 * Runs of words for n-gram keyphrases, plus hashtags, mentions and hosts as one-token runs. Each token keeps
 * its surface form so a keyphrase can be shown as written ('política', not 'politica').
 */
export function phrases(text: string, language?: string | null): PhraseToken[][] {
  const out: PhraseToken[][] = [];
  let run: PhraseToken[] = [];
  const flush = () => { if (run.length) out.push(run); run = []; };
  scan(text, language, (kind, token, surface) => {
    if (kind === 'word') run.push({ token, surface });
    else if (kind === 'feature') { flush(); out.push([{ token, surface }]); } else flush();
  });
  flush();
  return out;
}
