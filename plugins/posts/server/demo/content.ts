/** Text, links, ids and platform properties of demo posts. */
import type { PlatformKey } from '@core/shared/platforms';
import type { Random } from '@core/shared/random';
import { logNormalCount } from './accounts';
import { SHARED_SLOTS, THREAT_TARGETS, THREAT_TARGETS_ES, THREAT_TARGETS_ZH, type Language, type Narrative, type ViolenceTemplate } from './narratives';

/** Chinese hashtags are not hashtags to the query tokenizer (`#` + Han is not a word): keep Latin-script ones. */
const LATIN_TAG = /^#[\p{Script=Latin}\p{N}_]+$/u;

export function usableHashtags(n: Narrative): string[] {
  return n.hashtags.filter((h) => LATIN_TAG.test(h));
}

export function fill(template: string, rng: Random, slots: Readonly<Record<string, readonly string[]>>, extra: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (extra[name] !== undefined) return extra[name]!;
    const list = slots[name] ?? SHARED_SLOTS[name];
    return list ? rng.pick(list) : whole;
  });
}

export function sentence(n: Narrative, language: Language, rng: Random, extra: Record<string, string> = {}): string {
  const templates = n.templates[language].length ? n.templates[language] : n.templates.en;
  const text = fill(rng.pick(templates), rng, n.slots, extra);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Personal framing around a template sentence: organic posts rarely repeat each other word for word. */
const OPENERS: Record<Language, readonly string[]> = {
  en: ['Honestly,', 'Wow.', 'So...', 'Okay so...', 'Unreal.', 'Reminder:', 'Just saw this:', 'Not surprised.', 'Wait,', 'Hot take:', 'FYI:', 'Breaking:',
    'Can someone explain this?', 'Called it.', 'Well then.', 'PSA:', 'Lol.', 'Ugh.', 'Interesting:', 'Thread:', 'My two cents:', 'Heads up:'],
  es: ['La verdad,', 'Ojo:', 'Increíble.', 'Atención:', 'Bueno,', 'Ya lo decía yo.', 'Ojo con esto:', 'Última hora:'],
  zh: ['说实话，', '注意：', '刚看到：', '太离谱了。', '真的假的？', '突发：'],
};
const CLOSERS: Record<Language, readonly string[]> = {
  en: ['Thoughts?', 'smh', 'Unbelievable.', 'We will see.', 'Share this.', 'Not okay.', 'About time.', 'Just saying.', 'Wake up people.',
    'Makes you think.', 'Stay tuned.', 'Big if true.', 'Sad.', 'Finally!', 'Who knew.', 'Let that sink in.', 'Follow for more.', 'lol', 'Agree?', 'Sources below.'],
  es: ['¿Qué opinan?', 'Increíble.', 'Ya veremos.', 'Compartan.', 'Por fin.', 'Qué vergüenza.'],
  zh: ['大家怎么看？', '拭目以待。', '转发扩散。', '终于！', '太可怕了。'],
};

/**
 * An opener before and/or a closer after the text (or an emoji), the way people frame what they post. Always at
 * least one: bare template sentences would make organic posts repeat each other word for word.
 */
export function frame(text: string, language: Language, rng: Random): string {
  const space = language === 'zh' ? '' : ' ';
  let out = text;
  let framed = false;
  if (rng.chance(0.45)) { out = `${rng.pick(OPENERS[language])}${space}${out}`; framed = true; }
  if (rng.chance(0.4)) { out += `${space}${rng.pick(CLOSERS[language])}`; framed = true; }
  if (rng.chance(0.1)) { out += ` ${rng.pick(SHARED_SLOTS.emoji!)}`; framed = true; }
  if (!framed) out = rng.chance(0.5) ? `${rng.pick(OPENERS[language])}${space}${out}` : `${out}${space}${rng.pick(CLOSERS[language])}`;
  return out;
}

/** One post's text about a narrative: one or two sentences, framed, sometimes with hashtags. */
export function narrativeText(n: Narrative, language: Language, rng: Random, extra: Record<string, string>): string {
  const space = language === 'zh' ? '' : ' ';
  let text = sentence(n, language, rng, extra);
  if (rng.chance(0.25)) {
    const second = sentence(n, language, rng, extra);
    if (second !== text) text += `${space}${second}`;
  }
  text = frame(text, language, rng);
  const tags = usableHashtags(n);
  if (tags.length && rng.chance(0.3)) {
    const k = rng.chance(0.7) ? 1 : 2;
    text += ` ${rng.sample(tags, k).join(' ')}`;
  }
  return text;
}

export function violenceText(v: ViolenceTemplate, rng: Random, mention: string | null, game: string): string {
  const targets = v.language === 'es' ? THREAT_TARGETS_ES : v.language === 'zh' ? THREAT_TARGETS_ZH : THREAT_TARGETS;
  let target = rng.pick(targets);
  if (target.includes('{mention}')) target = mention ? `@${mention}` : 'the senator';
  return frame(fill(v.text, rng, { ...SHARED_SLOTS, game: [game] }, { target }), v.language, rng);
}

const SLUG_WORDS = ['report', 'update', 'analysis', 'exclusive', 'breaking', 'explainer', 'opinion', 'live', 'inside', 'why', 'how', 'new'];

export function articleUrl(rng: Random, domain: string, at: number, topic: string): string {
  const d = new Date(at);
  const slug = `${topic.toLowerCase().replace(/[^a-z]+/g, '-')}-${rng.pick(SLUG_WORDS)}-${rng.base36(5)}`;
  return `https://www.${domain}/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${slug}`;
}

/** Platform ids and post URLs: unique per platform through the global counter `n`. */
export function postRid(platform: PlatformKey, n: number, at: number, authorRid: string, rng: Random): string {
  switch (platform) {
    case 'twitter': return `${Math.floor(at) - 1288834974657}${String(n % 10_000_000).padStart(7, '0')}`;
    case 'bluesky': return `at://${authorRid}/app.bsky.feed.post/3l${Math.floor(at / 1000).toString(36)}${n.toString(36)}`;
    case 'reddit': return `t3_${(n + 50_000_000).toString(36)}`;
    case 'telegram': return `${authorRid}/${n + 1000}`;
    case 'fourchan': return String(480_000_000 + n);
    case 'eightkun': return String(9_000_000 + n);
    case 'facebook': return `${authorRid}_${n + 10_000_000}`;
    case 'news':
    case 'blog': return `${authorRid}/${n}`;
    default: return `${n.toString(36)}${rng.base36(4)}`;
  }
}

export function postUrl(platform: PlatformKey, rid: string, screen: string, community: string): string {
  switch (platform) {
    case 'twitter': return `https://x.com/${screen}/status/${rid}`;
    case 'bluesky': return `https://bsky.app/profile/${screen}.bsky.social/post/${rid.split('/').at(-1)}`;
    case 'reddit': return `https://www.reddit.com/${community.startsWith('r/') ? community : `r/${community}`}/comments/${rid.slice(3)}/`;
    case 'telegram': return `https://t.me/${rid}`;
    case 'fourchan': return `https://boards.4chan.org/${community}/thread/${rid}`;
    case 'eightkun': return `https://8kun.top/${community}/res/${rid}.html`;
    case 'facebook': return `https://www.facebook.com/${rid.replace('_', '/posts/')}`;
    case 'news':
    case 'blog': return `https://${rid.split('/')[0]}/articles/${rid.split('/')[1]}`;
    case 'truthsocial': return `https://truthsocial.com/@${screen}/posts/${rid}`;
    case 'gab': return `https://gab.com/${screen}/posts/${rid}`;
    default: return `https://${platform}.example.net/p/${rid}`;
  }
}

/** Engagement counts and community names as each platform has them (statistics table of the spec). */
export function postProperties(platform: PlatformKey, rng: Random, popularity: number, community: string, isReply: boolean): Record<string, unknown> {
  const scale = Math.pow(10, popularity * 3);
  const c = (median: number, sigma = 1.2) => logNormalCount(rng, median * scale, sigma);
  switch (platform) {
    case 'twitter': return { likes: c(4), replies: c(1), reposts: c(1), quotes: c(0.3), views: c(150), is_reply: isReply };
    case 'bluesky': return { likes: c(3), replies: c(1), reposts: c(1), quotes: c(0.2) };
    case 'reddit': {
      const score = c(12) - rng.int(0, 3);
      return { subreddit: community.replace(/^r\//, ''), score, comments: c(4), upvote_ratio: Math.round((0.55 + rng.next() * 0.44) * 100) / 100, is_nsfw: rng.chance(0.01), is_stickied: rng.chance(0.005), is_crosspost: false };
    }
    case 'facebook': return { likes: c(6), comments: c(2), shares: c(1) };
    case 'telegram': return { channel: community, views: c(400), likes: c(8), comments: c(1), shares: c(2) };
    case 'truthsocial':
    case 'gab': return { favorites: c(5), replies: c(1), reblogs: c(2) };
    case 'gettr': return { likes: c(4), shares: c(1) };
    case 'parler': return { upvotes: c(5), comments: c(1), reposts: c(1) };
    case 'mewe': return { likes: c(3), comments: c(1), shares: c(1) };
    case 'minds': return { comments: c(1), remind_count: c(1) };
    case 'poal': return { sub: community, upvotes: c(4) };
    case 'patriots': return { sub: community, score: c(8) };
    case 'wimkin': return { comments: c(1) };
    case 'fourchan':
    case 'eightkun': return { board: community, replies: isReply ? 0 : c(8) };
    case 'kiwifarms': return { subforum: community };
    case 'board': return { board: community };
    case 'news':
    case 'blog': return { comments: c(3) };
  }
}

export function communityFor(platform: PlatformKey, n: Narrative, rng: Random): string {
  const c = rng.pick(n.communities);
  if (platform === 'reddit') return c.startsWith('r/') ? c : `r/${c.replace(/[^a-z]/gi, '')}`;
  if (platform === 'fourchan' || platform === 'eightkun') return c.length <= 4 && !c.includes('/') ? c : rng.pick(['pol', 'b', 'x', 'biz', 'news']);
  return c.replace(/^r\//, '');
}

/** A copypasta variant: small edits that keep most word bigrams (emoji, punctuation, one word dropped or doubled). */
export function mutate(text: string, rng: Random): string {
  const words = text.split(' ');
  const edits = rng.int(0, 2);
  for (let e = 0; e < edits; e += 1) {
    const kind = rng.int(0, 3);
    const i = rng.int(0, words.length - 1);
    if (kind === 0 && words.length > 12) words.splice(i, 1);
    else if (kind === 1) words.splice(i, 0, rng.pick(['really', 'honestly', 'literally', 'just', 'truly']));
    else if (kind === 2) words[i] = words[i]!.toUpperCase();
    else words.push(rng.pick(SHARED_SLOTS.emoji!));
  }
  let out = words.join(' ');
  if (rng.chance(0.3)) out += rng.pick(['!!', '!!!', ' 👇', ' RT if you agree']);
  return out;
}
