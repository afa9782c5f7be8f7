/**
 * Planted-campaign generator: the oracle of the coordination engine. A heavy-tailed organic background (Zipf
 * account activity, Zipf link/hashtag/word popularity, viral bursts of thousands of shares within minutes, fan
 * reposts of influencers, habitual hashtag sets, organic quotes, retweets that copy their original's text and
 * entities, common first-name screen names, sign-up waves, shared employer home pages) plus planted campaigns of
 * 5-200 accounts covering all eight evidence types, whose coordinated acts are 10-30 % of each member's posts.
 * Deterministic for a seed. Ground truth: campaign -> accounts and types; copy family per copied text.
 */
import type { EvidenceType } from '../shared/types';
import { Random, Zipf } from '@core/shared/random';
import type { CoordAccount, CoordPost } from '../server/engine/types';

export interface PlantOptions {
  seed?: number;
  /** approximate total number of posts (default 100 000) */
  posts?: number;
  days?: number;
  /** ms since epoch of the first post (default 2024-03-01) */
  start?: number;
  /** planted campaigns (default max(8, posts / 25 000)); 0 = organic background only */
  campaigns?: number;
  sizeRange?: [number, number];
  /** share of each member's posts that are coordinated acts */
  dilution?: [number, number];
  /** restrict to these campaign kinds (cycled) */
  kinds?: CampaignKind[];
  /** per-token edit rate of a copypasta variant, drawn per member and event (default [0, 0.15]) */
  copypastaEditRate?: [number, number];
}

export type CampaignKind =
  | 'url' | 'repost' | 'copypasta' | 'hashtag' | 'sequence' | 'sockpuppets' | 'repost+names' | 'url+profile'
  | 'creation+names' | 'copypasta+creation' | 'hashtag+url' | 'names+profile';

const KIND_TYPES: Record<CampaignKind, EvidenceType[]> = {
  url: ['SYNCHRONOUS_URL_SHARE'],
  repost: ['SYNCHRONOUS_REPOST'],
  copypasta: ['COPYPASTA'],
  hashtag: ['SYNCHRONOUS_HASHTAG_SHARE'],
  sequence: ['HASHTAG_SEQUENCE_SHARE'],
  sockpuppets: ['SYNCHRONOUS_ACCOUNT_CREATION', 'SIMILAR_SCREEN_NAMES', 'SAME_PROFILE_URL'],
  'repost+names': ['SYNCHRONOUS_REPOST', 'SIMILAR_SCREEN_NAMES'],
  'url+profile': ['SYNCHRONOUS_URL_SHARE', 'SAME_PROFILE_URL'],
  'creation+names': ['SYNCHRONOUS_ACCOUNT_CREATION', 'SIMILAR_SCREEN_NAMES'],
  'copypasta+creation': ['COPYPASTA', 'SYNCHRONOUS_ACCOUNT_CREATION'],
  'hashtag+url': ['SYNCHRONOUS_HASHTAG_SHARE', 'SYNCHRONOUS_URL_SHARE'],
  'names+profile': ['SIMILAR_SCREEN_NAMES', 'SAME_PROFILE_URL'],
};
export const CAMPAIGN_KINDS = Object.keys(KIND_TYPES) as CampaignKind[];

export interface PlantedCampaign {
  id: number;
  kind: CampaignKind;
  types: EvidenceType[];
  accounts: string[];
  /** coordinated events and the chance that a member joins one */
  events: number;
  participation: number;
}

export interface GroundTruth {
  campaigns: PlantedCampaign[];
  /** account id -> campaign index */
  campaignOf: Map<string, number>;
  /** post id -> copy family ('c<campaign>.<event>' for planted copypasta, 'q<quote>' for organic quotes) */
  copyFamily: Map<string, string>;
}

export interface GeneratedCorpus {
  posts: CoordPost[];
  accounts: CoordAccount[];
  truth: GroundTruth;
}

/** The evidence types planted between two accounts (empty unless both are in one campaign). */
export function plantedEdgeTypes(truth: GroundTruth, a: string, b: string): EvidenceType[] {
  const ca = truth.campaignOf.get(a);
  return ca !== undefined && ca === truth.campaignOf.get(b) ? truth.campaigns[ca]!.types : [];
}

const DAY = 86_400_000;
const MIN = 60_000;
const SEC = 1000;

const SYL = ['ka', 'lo', 'mi', 'ra', 'te', 'su', 'no', 'vi', 'da', 'pe', 'gu', 'ri', 'to', 'ma', 'ne', 'sa', 'li', 'ko',
  'ba', 'fe', 'zo', 'ha', 'wi', 'ju', 'ce', 'po', 'an', 'el', 'or', 'un', 'is', 'at', 'en', 'ul', 'om', 'ar'];
const FIRST = ['john', 'mary', 'james', 'linda', 'robert', 'susan', 'michael', 'karen', 'david', 'lisa', 'daniel',
  'sarah', 'paul', 'nancy', 'mark', 'emma', 'kevin', 'laura', 'brian', 'anna', 'jason', 'maria', 'ryan', 'julia',
  'eric', 'sofia', 'adam', 'chloe', 'peter', 'grace', 'tom', 'lucy', 'alex', 'nina', 'sam', 'olga', 'ivan', 'li',
  'wei', 'jose', 'carlos', 'ana', 'luis', 'elena', 'omar', 'fatima', 'ali', 'aisha', 'raj', 'priya', 'ken', 'yuki'];
const LAST = ['smith', 'johnson', 'brown', 'taylor', 'miller', 'wilson', 'moore', 'clark', 'lewis', 'walker', 'hall',
  'young', 'king', 'wright', 'lopez', 'hill', 'green', 'adams', 'baker', 'nelson', 'carter', 'mitchell', 'perez',
  'roberts', 'turner', 'phillips', 'campbell', 'parker', 'evans', 'edwards', 'collins', 'stewart', 'sanchez',
  'morris', 'rogers', 'reed', 'cook', 'morgan', 'bell', 'murphy', 'bailey', 'rivera', 'cooper', 'garcia', 'chen',
  'wang', 'kim', 'singh', 'khan', 'muller', 'rossi', 'silva', 'novak', 'ivanov'];
const NICK = ['sunny', 'coffee', 'lover', 'daily', 'real', 'official', 'the', 'mr', 'mrs', 'dr', 'happy', 'crazy',
  'gamer', 'music', 'travel', 'photo', 'fit', 'life', 'world', 'news', 'tech', 'mom', 'dad', 'fan', 'art', 'chef',
  'blue', 'red', 'wolf', 'star', 'moon', 'king', 'queen', 'boss', 'cat', 'dog', 'soul', 'zen', 'wild', 'urban'];
const PUPPET = ['patriot', 'eagle', 'freedom', 'truth', 'liberty', 'nation', 'voice', 'justice', 'honest', 'citizen',
  'defender', 'guardian', 'warrior', 'brave', 'proud', 'united', 'people', 'awake', 'real', 'strong'];
const TLDS = ['com', 'net', 'org', 'info', 'news', 'co', 'io', 'press'];
const GENERIC_PROFILES = ['https://linktr.ee', 'https://www.youtube.com/', 'https://instagram.com', 'http://facebook.com'];

interface Account extends CoordAccount {
  screen_name: string;
  created_at: number;
  profile_url: string | null;
  /** propensities */
  pRepost: number; pUrl: number; pTag: number;
  signature: string[] | null;
  follows: number[];
}

interface Draft {
  id: string;
  account_id: string;
  published_at: number;
  urls: string[];
  hashtags: string[];
  repost_of: string | null;
  text: string;
  engagement_score: number;
  platform: string;
}

export function generatePlantedCorpus(opts: PlantOptions = {}): GeneratedCorpus {
  const seed = opts.seed ?? 1;
  const rnd = new Random(seed);
  const P = Math.max(1000, Math.round(opts.posts ?? 100_000));
  const span = (opts.days ?? 30) * DAY;
  const start = opts.start ?? Date.UTC(2024, 2, 1);
  const end = start + span;
  const nCampaigns = opts.campaigns ?? Math.max(8, Math.round(P / 25_000));
  const [sizeLo, sizeHi] = opts.sizeRange ?? [5, 200];
  const [dilLo, dilHi] = opts.dilution ?? [0.1, 0.3];
  const kinds = opts.kinds ?? CAMPAIGN_KINDS;
  const [editLo, editHi] = opts.copypastaEditRate ?? [0, 0.15];

  // ---- vocabularies -------------------------------------------------------------------------------------------
  const word = (i: number) => {
    let s = '';
    let v = i + 7;
    do { s += SYL[v % SYL.length]; v = Math.floor(v / SYL.length); } while (v > 0);
    return s;
  };
  const VOCAB = 20_000;
  const words = Array.from({ length: VOCAB }, (_, i) => word(i * 7919 % VOCAB + 40));
  const wordZipf = new Zipf(VOCAB, 1.0);
  const randomWords = (n: number) => {
    const out: string[] = [];
    for (let k = 0; k < n; k++) out.push(words[wordZipf.draw(rnd.next())]!);
    return out;
  };
  const TAGS = 20_000;
  const tagName = (i: number) => `${word(i * 104729 % TAGS + 300)}${i % 3 === 0 ? word(i % 97) : ''}`;
  const tagZipf = new Zipf(TAGS, 1.1);
  const organicTag = () => tagName(tagZipf.draw(rnd.next()));
  const DOMAINS = 3000;
  const domainZipf = new Zipf(DOMAINS, 1.0);
  const domain = (i: number) => `${word(i + 900)}${i % 2 ? 'news' : ''}.${TLDS[i % TLDS.length]}`;
  const URLS = Math.max(2000, Math.round(P / 3));
  const urlZipf = new Zipf(URLS, 0.9);
  const organicUrl = () => {
    const r = urlZipf.draw(rnd.next());
    const d = domain(domainZipf.draw(((r * 2654435761) % 4294967296) / 4294967296));
    return `https://${rnd.chance(0.3) ? 'www.' : ''}${d}/${word(r % 5000)}/${r}${rnd.chance(0.1) ? '?utm_source=tw' : ''}`;
  };
  const phrases = Array.from({ length: 60 }, () => randomWords(rnd.int(2, 5)).join(' '));
  const quotes = Array.from({ length: 200 }, () => randomWords(rnd.int(10, 20)).join(' '));
  const quoteZipf = new Zipf(quotes.length, 1.0);
  const companies = Array.from({ length: 400 }, (_, i) => `https://www.${word(i + 3000)}${rnd.pick(['corp', 'group', 'labs', 'media'])}.com/`);
  const companyZipf = new Zipf(companies.length, 1.2);

  const diurnalTime = (lo: number, hi: number) => {
    for (;;) {
      const t = rnd.range(lo, hi);
      const hour = ((t % DAY) / DAY) * 2 * Math.PI;
      if (rnd.next() < 0.55 + 0.45 * Math.sin(hour - 1.2)) return Math.floor(t);
    }
  };

  // ---- accounts ----------------------------------------------------------------------------------------------
  const accounts: Account[] = [];
  const signupWaves = Array.from({ length: 5 }, () => rnd.range(start - 4 * 365 * DAY, start - 30 * DAY));
  const organicCreated = () => {
    if (rnd.chance(0.02)) return Math.floor(rnd.pick(signupWaves) + rnd.range(0, DAY));
    // more sign-ups in later years
    const years = 12 * Math.sqrt(rnd.next());
    return Math.floor(start - 30 * DAY - (12 - years) * 365 * DAY - rnd.range(0, 365 * DAY) * 0.01);
  };
  const organicName = () => {
    const f = rnd.pick(FIRST), l = rnd.pick(LAST), n1 = rnd.pick(NICK), n2 = rnd.pick(NICK);
    const digits = () => String(rnd.chance(0.5) ? rnd.int(1, 99) : rnd.int(1950, 2010));
    switch (rnd.int(0, 7)) {
      case 0: return `${f}_${l}`;
      case 1: return `${f}${l}${digits()}`;
      case 2: return `${f}.${l}`;
      case 3: return `${f[0]}${l}${rnd.chance(0.5) ? digits() : ''}`;
      case 4: return `${n1}_${n2}${rnd.chance(0.5) ? digits() : ''}`;
      case 5: return `${f}${digits()}`;
      case 6: return `${n1}${f}`;
      default: return `${f.charAt(0).toUpperCase()}${f.slice(1)}${l.charAt(0).toUpperCase()}${l.slice(1)}${rnd.int(1000, 99999999)}`;
    }
  };
  const organicProfile = (screen: string) => {
    const u = rnd.next();
    if (u < 0.55) return null;
    if (u < 0.7) return `https://${screen.toLowerCase().replace(/[^a-z0-9]/g, '-')}.blog/`;
    if (u < 0.8) return rnd.pick(GENERIC_PROFILES);
    if (u < 0.9) return `https://instagram.com/${screen}`;
    return companies[companyZipf.draw(rnd.next())]!;
  };
  // Screen names are unique on a platform.
  const taken = new Set<string>();
  const unique = (name: string) => {
    let v = name;
    for (let k = 1; taken.has(v.toLowerCase()); k++) v = `${name}${k < 10 ? rnd.int(0, 9) : k}`;
    taken.add(v.toLowerCase());
    return v;
  };
  const newAccount = (): Account => {
    const screen = unique(organicName());
    const acc: Account = {
      id: '', screen_name: screen, created_at: organicCreated(), profile_url: organicProfile(screen),
      pRepost: rnd.range(0, 0.6), pUrl: rnd.range(0.05, 0.6), pTag: rnd.range(0, 0.7),
      signature: rnd.chance(0.08) ? Array.from({ length: rnd.int(2, 3) }, () => tagName(tagZipf.draw(rnd.next() * 0.3))) : null,
      follows: [],
    };
    accounts.push(acc);
    return acc;
  };

  // ---- campaigns: members and planned activity ---------------------------------------------------------------
  interface Plan {
    kind: CampaignKind; types: EvidenceType[]; members: number[]; events: number; q: number;
    joins: number[][]; organicCount: number[];
  }
  const plans: Plan[] = [];
  let campaignPosts = 0;
  for (let c = 0; c < nCampaigns; c++) {
    const kind = kinds[c % kinds.length]!;
    const types = KIND_TYPES[kind];
    const m = Math.round(rnd.logRange(sizeLo, sizeHi));
    const behavioural = types.some((t) => !['SYNCHRONOUS_ACCOUNT_CREATION', 'SIMILAR_SCREEN_NAMES', 'SAME_PROFILE_URL'].includes(t));
    const events = behavioural ? rnd.int(8, 30) : 0;
    const q = rnd.range(0.5, 0.9);
    const members = Array.from({ length: m }, () => -1);
    const joins = members.map(() => [] as number[]);
    for (let e = 0; e < events; e++) members.forEach((_, k) => { if (rnd.chance(q)) joins[k]!.push(e); });
    const organicCount = members.map((_, k) => {
      const f = rnd.range(dilLo, dilHi);
      const coordinated = joins[k]!.length;
      return behavioural ? Math.max(1, Math.round((coordinated * (1 - f)) / Math.max(f, 1e-9))) : rnd.int(3, 40);
    });
    campaignPosts += joins.reduce((s, j) => s + j.length, 0) + organicCount.reduce((s, v) => s + v, 0);
    plans.push({ kind, types, members, events, q, joins, organicCount });
  }
  // Campaign members: organic-looking profiles unless the campaign plants profile evidence (below).
  for (const plan of plans) plan.members = plan.members.map(() => { newAccount(); return accounts.length - 1; });

  // Organic accounts until the post budget is used.
  const organicBudget = Math.max(P * 0.3, P - campaignPosts);
  const activity: number[] = accounts.map(() => 0);
  plans.forEach((plan) => plan.members.forEach((a, k) => { activity[a] = plan.organicCount[k]!; }));
  const activityCap = Math.max(50, Math.round(P * 0.004));
  let planned = 0;
  while (planned < organicBudget) {
    newAccount();
    // a power law of exponent 1.8 (Pareto tail index 0.8)
    const n = Math.min(activityCap, Math.floor(rnd.pareto(0.8)));
    activity.push(n);
    planned += n;
  }
  // Influencers (the 1 % most active) and their fans.
  const byActivity = accounts.map((_, i) => i).sort((x, y) => activity[y]! - activity[x]! || x - y);
  const influencers = byActivity.slice(0, Math.max(5, Math.round(accounts.length * 0.01)));
  for (const acc of accounts) {
    const k = rnd.chance(0.6) ? rnd.int(1, 3) : 0;
    for (let i = 0; i < k; i++) acc.follows.push(influencers[Math.floor(Math.pow(rnd.next(), 2) * influencers.length)]!);
  }
  for (const a of byActivity.slice(0, Math.round(accounts.length * 0.002))) accounts[a]!.pUrl = rnd.range(0.6, 0.95);

  // ---- organic posts ----------------------------------------------------------------------------------------
  const drafts: Draft[] = [];
  const copyFamilyIdx = new Map<Draft, string>();
  const targetOf = new Map<Draft, Draft>();
  const authorOf = new Map<Draft, number>();
  const draft = (acc: number, t: number, text: string, urls: string[], hashtags: string[], repostOf: Draft | null): Draft => {
    const d: Draft = {
      id: '', account_id: '', published_at: Math.min(end - 1, Math.max(start, Math.floor(t))), urls, hashtags,
      repost_of: null, text, engagement_score: Math.round(rnd.pareto(1.2) * 10) / 10, platform: 'twitter',
    };
    if (repostOf) targetOf.set(d, repostOf);
    authorOf.set(d, acc);
    drafts.push(d);
    return d;
  };
  const compose = (words: string[], urls: string[], tags: string[]) =>
    [...words, ...tags.map((h) => `#${h}`), ...urls].join(' ');

  // Viral bursts (links and hashtags here, reposts below): thousands of shares within minutes.
  interface Burst { key: string; t0: number; mean: number; weight: number }
  const nBursts = Math.max(10, Math.round(P / 4000));
  const mkBursts = (mk: (i: number) => string): Burst[] => Array.from({ length: nBursts }, (_, i) => ({
    key: mk(i), t0: diurnalTime(start, end - DAY / 4), mean: rnd.range(1, 10) * MIN, weight: rnd.pareto(0.7),
  }));
  const urlBursts = mkBursts((i) => `https://www.${domain(i % 20)}/breaking/${word(i + 11_000)}-${i}`);
  const tagBursts = mkBursts((i) => `${word(i + 15_000)}${word(i + 16_000)}`);
  const pickBurst = (bs: Burst[]) => {
    let total = 0;
    for (const b of bs) total += b.weight;
    let u = rnd.next() * total;
    for (const b of bs) { u -= b.weight; if (u <= 0) return b; }
    return bs[bs.length - 1]!;
  };

  const originals: Draft[] = [];
  const originalsOf = new Map<number, Draft[]>();
  const organicOriginal = (a: number) => {
    const acc = accounts[a]!;
    let t = diurnalTime(start, end);
    const urls: string[] = [];
    const tags: string[] = [];
    if (rnd.chance(acc.pUrl)) {
      if (rnd.chance(0.1)) { const b = pickBurst(urlBursts); urls.push(b.key); t = b.t0 + rnd.exp(b.mean); } else urls.push(organicUrl());
      if (rnd.chance(0.05)) urls.push(organicUrl());
    }
    if (acc.signature && rnd.chance(0.7)) tags.push(...acc.signature);
    else if (rnd.chance(acc.pTag)) {
      if (rnd.chance(0.1)) { const b = pickBurst(tagBursts); tags.push(b.key); if (!urls.length) t = b.t0 + rnd.exp(b.mean); }
      const k = rnd.int(1, 3);
      for (let i = 0; i < k; i++) { const h = organicTag(); if (!tags.includes(h)) tags.push(h); }
    }
    let text: string;
    let family: string | null = null;
    const u = rnd.next();
    if (u < 0.1) text = rnd.pick(phrases);
    else if (u < 0.12) {
      const qi = quoteZipf.draw(rnd.next());
      family = `q${qi}`;
      text = rnd.chance(0.5) ? quotes[qi]! : `${rnd.pick(phrases)} ${quotes[qi]}`;
    } else text = randomWords(rnd.int(5, 30)).join(' ');
    const d = draft(a, t, compose(text.split(' '), urls, tags), urls, tags, null);
    if (family) copyFamilyIdx.set(d, family);
    originals.push(d);
    let l = originalsOf.get(a);
    if (!l) originalsOf.set(a, (l = []));
    l.push(d);
  };
  const repostCount: number[] = accounts.map(() => 0);
  for (let a = 0; a < accounts.length; a++) {
    const n = activity[a]!;
    for (let k = 0; k < n; k++) {
      if (rnd.chance(accounts[a]!.pRepost)) repostCount[a]!++;
      else organicOriginal(a);
    }
  }
  // Reposts: of followed influencers (fans, hours after), of popular posts (Zipf), or in a viral burst.
  const popularity = new Zipf(Math.max(1, originals.length), 1.05);
  const popularOrder = rnd.shuffle(originals.map((_, i) => i));
  const viralTargets = Array.from({ length: nBursts }, () => originals[popularOrder[Math.floor(rnd.next() * Math.min(popularOrder.length, 2000))]!]!);
  const viralMean = viralTargets.map(() => rnd.range(1, 10) * MIN);
  const viralWeight = viralTargets.map(() => rnd.pareto(0.7));
  const viralTotal = viralWeight.reduce((s, v) => s + v, 0);
  const repost = (a: number, target: Draft, t: number) => {
    const by = accounts[authorOf.get(target)!]!;
    draft(a, t, `RT @${by.screen_name}: ${target.text}`, target.urls, target.hashtags, target);
  };
  for (let a = 0; a < accounts.length; a++) {
    const acc = accounts[a]!;
    for (let k = 0; k < repostCount[a]!; k++) {
      const u = rnd.next();
      if (u < 0.1) {
        let v = rnd.next() * viralTotal, i = 0;
        while (i < viralWeight.length - 1 && (v -= viralWeight[i]!) > 0) i++;
        const target = viralTargets[i]!;
        repost(a, target, target.published_at + rnd.exp(viralMean[i]!));
      } else if (u < 0.45 && acc.follows.length) {
        const inf = rnd.pick(acc.follows);
        const posts = originalsOf.get(inf);
        if (posts?.length) { const target = rnd.pick(posts); repost(a, target, target.published_at + rnd.exp(2 * 3600 * SEC)); continue; }
        const target = originals[popularOrder[popularity.draw(rnd.next())]!]!;
        repost(a, target, target.published_at + rnd.exp(6 * 3600 * SEC));
      } else {
        const target = originals[popularOrder[popularity.draw(rnd.next())]!]!;
        repost(a, target, target.published_at + rnd.exp(6 * 3600 * SEC));
      }
    }
  }

  // ---- planted campaigns ------------------------------------------------------------------------------------
  const truthCampaigns: PlantedCampaign[] = [];
  plans.forEach((plan, c) => {
    const has = (t: EvidenceType) => plan.types.includes(t);
    const members = plan.members;
    // Profile evidence.
    if (has('SYNCHRONOUS_ACCOUNT_CREATION')) {
      const batch = Math.floor(rnd.range(start - 2 * 365 * DAY, start - 2 * DAY));
      const gap = rnd.range(10, 60) * SEC;
      members.forEach((a, k) => { accounts[a]!.created_at = Math.floor(batch + k * gap + rnd.range(0, gap)); });
    }
    if (has('SIMILAR_SCREEN_NAMES')) {
      // A whole shuffle rather than rnd.sample (which draws less): every seed's corpus stays as it was.
      const [w1, w2] = rnd.shuffle([...PUPPET]);
      members.forEach((a) => {
        const cap = (s: string) => (rnd.chance(0.5) ? s.charAt(0).toUpperCase() + s.slice(1) : s);
        const sep = rnd.pick(['', '_', '.', '']);
        let name = `${cap(w1!)}${sep}${cap(w2!)}${rnd.pick(['', '_', ''])}${rnd.int(1, 9999)}`;
        if (rnd.chance(0.15)) name = name.replace(/o/, '0');
        taken.delete(accounts[a]!.screen_name.toLowerCase());
        accounts[a]!.screen_name = unique(name);
      });
    }
    if (has('SAME_PROFILE_URL')) {
      const site = `${rnd.pick(PUPPET)}-${word(rnd.int(0, 5000))}.${rnd.pick(TLDS)}`;
      const path = rnd.pick(['', '/about', '/join', '/p/' + word(c)]);
      members.forEach((a) => {
        accounts[a]!.profile_url = `${rnd.pick(['https://', 'http://', 'https://www.'])}${site}${path}${rnd.pick(['', '/', '?ref=bio', '/?utm_source=profile'])}`;
      });
    }
    // Behavioural evidence: events joined by each member with probability q.
    const campaignDomain = `${word(rnd.int(0, 5000))}-${rnd.pick(PUPPET)}.${rnd.pick(TLDS)}`;
    const urlPool = Array.from({ length: rnd.int(2, 5) }, (_, i) => `https://${campaignDomain}/${word(rnd.int(0, 9000))}-${i}`);
    const campaignTags = Array.from({ length: rnd.int(1, 2) }, () => `${rnd.pick(PUPPET)}${word(rnd.int(0, 3000))}`);
    const sequence = [campaignTags[0]!, tagName(tagZipf.draw(rnd.next() * 0.5)), `${rnd.pick(PUPPET)}${word(rnd.int(0, 3000))}`,
      ...(rnd.chance(0.5) ? [tagName(tagZipf.draw(rnd.next() * 0.5))] : [])];
    const mean = (t: 'fast' | 'slow') => (t === 'fast' ? rnd.range(5, 20) * SEC : rnd.range(1, 5) * MIN);
    for (let e = 0; e < plan.events; e++) {
      const T = diurnalTime(start, end - DAY / 8);
      const eventUrl = rnd.chance(0.7) ? `https://${campaignDomain}/${word(rnd.int(0, 9000))}/${c}-${e}` : rnd.pick(urlPool);
      const template = randomWords(rnd.int(12, 30));
      const target = has('SYNCHRONOUS_REPOST') ? originals[Math.floor(rnd.next() * originals.length)]! : null;
      const fast = mean('fast'), slow = mean('slow');
      members.forEach((a, k) => {
        if (!plan.joins[k]!.includes(e)) return;
        if (has('SYNCHRONOUS_REPOST') && target) {
          const t0 = Math.max(T, target.published_at + 5 * MIN);
          repost(a, target, t0 + rnd.exp(fast));
          return;
        }
        if (has('COPYPASTA')) {
          const d = draft(a, T + rnd.exp(slow), mutate(template, rnd.range(editLo, editHi)).join(' '), [], [], null);
          copyFamilyIdx.set(d, `c${c}.${e}`);
          return;
        }
        if (has('HASHTAG_SEQUENCE_SHARE')) {
          draft(a, T + rnd.exp(slow), compose(randomWords(rnd.int(5, 20)), [], sequence), [], [...sequence], null);
          return;
        }
        const urls = has('SYNCHRONOUS_URL_SHARE') ? [eventUrl] : [];
        const tags: string[] = [];
        if (has('SYNCHRONOUS_HASHTAG_SHARE')) {
          tags.push(rnd.pick(campaignTags));
          if (rnd.chance(0.5)) tags.splice(rnd.int(0, 1), 0, organicTag());
        }
        draft(a, T + rnd.exp(fast), compose(randomWords(rnd.int(5, 20)), urls, tags), urls, tags, null);
      });
    }
    truthCampaigns.push({ id: c, kind: plan.kind, types: plan.types, accounts: [], events: plan.events, participation: plan.q });
  });

  function mutate(tokens: string[], rate: number): string[] {
    const out: string[] = [];
    for (const t of tokens) {
      const u = rnd.next();
      if (u < rate / 2) out.push(words[wordZipf.draw(rnd.next())]!);
      else if (u < rate * 0.75) continue;
      else { out.push(t); if (u > 1 - rate / 4) out.push(words[wordZipf.draw(rnd.next())]!); }
    }
    return out;
  }

  // ---- ids: accounts shuffled (ids reveal nothing), posts in time order ----------------------------------------
  const accOrder = rnd.shuffle(accounts.map((_, i) => i));
  const accId = new Array<string>(accounts.length);
  accOrder.forEach((a, k) => { accId[a] = `a${k}`; });
  const outAccounts: CoordAccount[] = accOrder.map((a) => {
    const x = accounts[a]!;
    return { id: accId[a]!, screen_name: x.screen_name, created_at: x.created_at, profile_url: x.profile_url, platform: 'twitter' };
  });
  // Strings read from a database or JSON are flat; template concatenations are V8 cons-strings until first use.
  // ToNumber flattens a string in place, so the engine sees what it would see in production.
  const flat = (v: string) => { void ((v as unknown as number) | 0); return v; };
  for (const d of drafts) {
    flat(d.text);
    for (const u of d.urls) flat(u);
    for (const h of d.hashtags) flat(h);
  }
  drafts.sort((x, y) => x.published_at - y.published_at);
  drafts.forEach((d, k) => { d.id = flat(`p${k}`); d.account_id = accId[authorOf.get(d)!]!; });
  for (const [d, target] of targetOf) d.repost_of = target.id;
  const posts: CoordPost[] = drafts;
  const campaignOf = new Map<string, number>();
  plans.forEach((plan, c) => {
    truthCampaigns[c]!.accounts = plan.members.map((a) => accId[a]!);
    for (const a of plan.members) campaignOf.set(accId[a]!, c);
  });
  const copyFamily = new Map<string, string>();
  for (const [d, f] of copyFamilyIdx) copyFamily.set(d.id, f);
  return { posts, accounts: outAccounts, truth: { campaigns: truthCampaigns, campaignOf, copyFamily } };
}
