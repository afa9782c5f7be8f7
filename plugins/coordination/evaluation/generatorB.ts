/**
 * Generator B: a second planted-corpus generator, written apart from `plantedCampaigns.ts` so that defaults tuned
 * on one cannot pass by fitting its quirks (issue 17). Choices that differ on purpose: log-normal account activity
 * with a personal active time of day (not a power law with one diurnal cycle); acts of a burst spread uniformly
 * over 10 s - 2 min (synchronous types) or up to 1 h (copypasta, sequences) instead of exponential delays;
 * campaigns of 3-1,000 accounts with 1-4 random evidence types, participation 30-100 %, dilution 5-40 %, hashtags
 * and sequences reused across a campaign's bursts, and rosters that change over time (cohorts that leave and
 * join); organic viral bursts (a link, a repost, a hashtag) of up to 2,000 unrelated accounts once each, trending
 * hashtags carried by up to 2,000 accounts for hours, habitual hashtags, organic reposts of popular posts.
 * Deterministic for a seed. The ground truth has the shape of the first generator's, so both are scored alike.
 */
import { EVIDENCE_TYPES, type EvidenceType } from '../shared/types';
import { Random } from '@core/shared/random';
import type { CoordAccount, CoordPost } from '../server/engine/types';
import type { GeneratedCorpus, GroundTruth, PlantedCampaign } from './plantedCampaigns';

export interface GeneratorBOptions {
  seed: number;
  /** organic background posts (campaign members' posts and viral bursts come on top) */
  organicPosts?: number;
  campaigns?: number;
  /** campaign sizes, log-uniform (default [3, 1000]) */
  sizeRange?: [number, number];
  /** share of a member's posts that are coordinated acts (default [0.05, 0.4]) */
  dilution?: [number, number];
  /** chance that a member joins one of its campaign's bursts (default [0.3, 1]) */
  participation?: [number, number];
  /** bursts per campaign (default [8, 16]) */
  bursts?: [number, number];
  days?: number;
}

const SEC = 1000, MIN = 60 * SEC, HOUR = 60 * MIN, DAY = 24 * HOUR;
const START = Date.UTC(2025, 0, 6);
const TIMED: EvidenceType[] = ['SYNCHRONOUS_URL_SHARE', 'SYNCHRONOUS_HASHTAG_SHARE', 'SYNCHRONOUS_REPOST'];
const SLOW: EvidenceType[] = ['COPYPASTA', 'HASHTAG_SEQUENCE_SHARE'];
const PROFILE: EvidenceType[] = ['SYNCHRONOUS_ACCOUNT_CREATION', 'SIMILAR_SCREEN_NAMES', 'SAME_PROFILE_URL'];
const CONSONANTS = 'bcdfghklmnprstvz';
const VOWELS = 'aeiou';

interface Member { id: string; organicPosts: number }

/** Everything the generator builds up; one instance per corpus. */
class CorpusB {
  readonly rnd: Random;
  readonly posts: CoordPost[] = [];
  readonly accounts: CoordAccount[] = [];
  readonly accountById = new Map<string, CoordAccount>();
  readonly span: number;
  private nextPost = 0;
  private nextAccount = 0;
  private nextName = 0;
  private readonly words: string[];
  readonly tags: string[];
  /** organic account -> (active hour, habitual tags) */
  private readonly habits = new Map<string, { hour: number; tags: string[] }>();

  constructor(seed: number, days: number) {
    this.rnd = new Random(`generatorB:${seed}`);
    this.span = days * DAY;
    this.words = Array.from({ length: 4000 }, () => this.word(2 + this.rnd.int(0, 3)));
    this.tags = Array.from({ length: 3000 }, () => this.word(2 + this.rnd.int(0, 2)));
  }

  word(syllables: number): string {
    let w = '';
    for (let i = 0; i < syllables; i++) w += this.rnd.pick([...CONSONANTS]) + this.rnd.pick([...VOWELS]);
    return w;
  }

  /** popular items first: an index with a heavy head (Pareto rank) */
  popular(n: number): number {
    return Math.min(n - 1, Math.floor(this.rnd.pareto(1.1) - 1));
  }

  text(words = 8 + this.rnd.int(0, 12)): string {
    const out: string[] = [];
    // mildly skewed word choice (the most frequent word about 1.6 %): a heavy head would make unrelated texts
    // near-duplicates of one another
    for (let i = 0; i < words; i++) out.push(this.words[Math.floor(this.rnd.range(0, 1) ** 2 * this.words.length)]!);
    return out.join(' ');
  }

  postId(): string { return `m${(this.nextPost++).toString(36)}${this.rnd.base36(3)}`; }

  account(fields: Partial<CoordAccount> = {}): string {
    const id = `u${(this.nextAccount++).toString(36)}${this.rnd.base36(2)}`;
    const name = `${this.word(2)}_${this.word(2)}${(this.nextName++).toString(36)}`;
    const personal = this.rnd.chance(0.3) ? `https://${this.word(3)}${this.nextName}.example.org/about` : null;
    const account: CoordAccount = {
      id, screen_name: name, created_at: START - this.rnd.range(30 * DAY, 3000 * DAY), profile_url: personal, platform: 'twitter',
      ...fields,
    };
    this.accounts.push(account);
    this.accountById.set(id, account);
    this.habits.set(id, { hour: this.rnd.range(0, 24), tags: this.rnd.chance(0.4) ? [this.tags[this.popular(300)]!] : [] });
    return id;
  }

  post(p: Omit<CoordPost, 'id' | 'platform'>): CoordPost {
    const post: CoordPost = { id: this.postId(), platform: 'twitter', ...p };
    this.posts.push(post);
    return post;
  }

  /** an organic time for an account: any day, near its own active hour */
  organicTime(account: string): number {
    const h = this.habits.get(account)?.hour ?? this.rnd.range(0, 24);
    const day = this.rnd.int(0, Math.max(0, Math.floor(this.span / DAY) - 1));
    const hour = (h + this.rnd.normal() * 3 + 48) % 24;
    return START + day * DAY + hour * HOUR + this.rnd.range(0, HOUR) - HOUR / 2;
  }

  /** one organic post: text, maybe a popular link, hashtags (habitual or popular), or a repost of an earlier post */
  organicPost(account: string): void {
    const t = Math.max(START, Math.min(START + this.span, this.organicTime(account)));
    const r = this.rnd;
    if (this.posts.length > 50 && r.chance(0.2)) {
      const target = this.posts[Math.max(0, this.posts.length - 1 - this.popular(this.posts.length))]!;
      this.post({ account_id: account, published_at: t, repost_of: target.repost_of ?? target.id, text: null });
      return;
    }
    const urls = r.chance(0.35) ? [`https://news${this.popular(800)}.example.com/story/${this.popular(20000)}`] : [];
    const habit = this.habits.get(account)?.tags ?? [];
    const hashtags: string[] = [];
    if (habit.length && r.chance(0.5)) hashtags.push(habit[0]!);
    while (r.chance(0.3) && hashtags.length < 3) hashtags.push(this.tags[this.popular(this.tags.length)]!);
    this.post({ account_id: account, published_at: t, urls, hashtags, text: this.text(), engagement_score: r.int(0, 50) });
  }
}

/**
 * Builds a corpus: organic accounts and posts, viral bursts and trending hashtags, then the campaigns (whose
 * members also post organically so that coordinated acts are the drawn share of their posts). Posts come back in
 * time order.
 */
export function generateCorpusB(opts: GeneratorBOptions): GeneratedCorpus & { organicPosts: number } {
  const g = new CorpusB(opts.seed, opts.days ?? 7);
  const r = g.rnd;
  const organicTarget = opts.organicPosts ?? 100_000;
  // organic accounts: log-normal activity, median 6 posts
  const organic: string[] = [];
  let planned = 0;
  const activity: number[] = [];
  while (planned < organicTarget * 0.9) {
    const id = g.account();
    const n = Math.max(1, Math.round(r.logNormal(6, 1.1)));
    organic.push(id);
    activity.push(n);
    planned += n;
  }
  organic.forEach((id, i) => { for (let k = 0; k < activity[i]!; k++) g.organicPost(id); });
  // a few employers' home pages in several organic profiles, link-hub profiles
  for (let k = 0; k < organic.length / 200; k++) {
    const page = `https://www.${g.word(3)}corp.example.com/`;
    for (const id of r.sample(organic, r.int(2, 12))) g.accountById.get(id)!.profile_url = page;
  }
  viralBursts(g, organic, organicTarget);
  const organicPosts = g.posts.length;

  const campaigns: PlantedCampaign[] = [];
  const campaignOf = new Map<string, number>();
  const copyFamily = new Map<string, string>();
  const n = opts.campaigns ?? 12;
  for (let c = 0; c < n; c++) {
    const camp = plantCampaign(g, c, n, opts, copyFamily);
    campaigns.push(camp);
    for (const a of camp.accounts) campaignOf.set(a, c);
  }
  g.posts.sort((p, q) => p.published_at - q.published_at);
  const truth: GroundTruth = { campaigns, campaignOf, copyFamily };
  return { posts: g.posts, accounts: g.accounts, truth, organicPosts };
}

/** Organic crowds: a link, a post or a hashtag taken up once by 30-2,000 unrelated accounts within 1-30 minutes,
 * and trending hashtags carried by up to 2,000 accounts over 1-6 hours. */
function viralBursts(g: CorpusB, organic: string[], organicTarget: number): void {
  const r = g.rnd;
  const bursts = Math.max(3, Math.round(organicTarget / 4000));
  for (let b = 0; b < bursts; b++) {
    // at most 15 % of the organic accounts: a crowd is drawn from a population larger than itself
    const size = Math.min(Math.round(organic.length * 0.15), Math.round(r.logRange(30, 2000)));
    const t0 = START + r.range(0, g.span - HOUR);
    const spread = r.range(1, 30) * MIN;
    const kind = r.int(0, 2);
    const seed = g.post({ account_id: r.pick(organic), published_at: t0 - r.range(0, 10 * MIN), text: g.text(), urls: [], hashtags: [] });
    const url = `https://viral${b}.example.net/${g.word(3)}`;
    const tag = `${g.word(3)}${b}`;
    for (const a of r.sample(organic, size)) {
      const t = t0 + Math.min(spread, r.exp(spread / 3));
      if (kind === 0) g.post({ account_id: a, published_at: t, urls: [url], text: g.text(), hashtags: [] });
      else if (kind === 1) g.post({ account_id: a, published_at: t, repost_of: seed.id, text: null });
      else g.post({ account_id: a, published_at: t, hashtags: [tag], text: g.text() });
    }
  }
  for (let k = 0; k < Math.max(2, Math.round(organicTarget / 20000)); k++) {
    const tag = `trend${g.word(2)}${k}`;
    const t0 = START + r.range(0, g.span - 6 * HOUR);
    const len = r.range(1, 6) * HOUR;
    for (const a of r.sample(organic, Math.min(Math.round(organic.length * 0.15), Math.round(r.logRange(100, 2000))))) {
      g.post({ account_id: a, published_at: t0 + r.range(0, len), hashtags: [tag, g.tags[g.popular(g.tags.length)]!], text: g.text() });
    }
  }
}

/** 1-4 evidence types: mostly behavioural (with a profile type now and then), sometimes profile types alone. */
function drawTypes(r: Random): EvidenceType[] {
  if (r.chance(0.12)) return r.sample(PROFILE, r.int(2, 3));
  const behavioural = r.sample([...TIMED, ...SLOW], r.int(1, 3));
  if (r.chance(0.3)) behavioural.push(r.pick(PROFILE));
  return EVIDENCE_TYPES.filter((t) => behavioural.includes(t));
}

function leet(name: string, r: Random): string {
  const map: Record<string, string> = { a: '4', e: '3', i: '1', o: '0' };
  return [...name].map((ch) => (map[ch] && r.chance(0.3) ? map[ch] : ch)).join('');
}

/**
 * Edits a share of the words of a template (a member's variant of the copied text). Up to 6 % of the words: two
 * variants then keep a word-bigram Jaccard of about 0.6 or more, the spec's definition of a near-duplicate (at 20 %
 * most pairs fall to about 0.45: not copies by that definition, whatever the engine).
 */
function variant(g: CorpusB, template: string, rate: number): string {
  return template.split(' ').map((w) => (g.rnd.chance(rate) ? g.text(1) : w)).join(' ');
}

function plantCampaign(g: CorpusB, c: number, total: number, opts: GeneratorBOptions, copyFamily: Map<string, string>): PlantedCampaign {
  const r = g.rnd;
  const [lo, hi] = opts.sizeRange ?? [3, 1000];
  // sizes spread evenly in log space over the campaigns (jittered), so every size bucket is visited
  const u = (c + r.range(0.1, 0.9)) / total;
  const types = drawTypes(r);
  // profile-only campaigns are one creation wave at most (pairs across waves would share a name template only)
  const cap = types.every((t) => PROFILE.includes(t)) ? 150 : hi;
  const size = Math.max(lo, Math.min(cap, Math.round(lo * (hi / lo) ** u)));
  const [dl, dh] = opts.dilution ?? [0.05, 0.4];
  const [pl, ph] = opts.participation ?? [0.3, 1];
  const [bl, bh] = opts.bursts ?? [8, 16];
  const participation = r.range(pl, ph);
  const bursts = r.int(bl, bh);
  const fastSpread = r.range(10, 120) * SEC;
  const slowSpread = r.range(2, 60) * MIN;
  // identity templates
  const stem = g.word(3) + g.word(1);
  const site = `https://${g.word(3)}-movement.example.org/join`;
  const born = START - r.range(10 * DAY, 400 * DAY);
  const creationSpread = r.range(2, 8) * MIN;
  const members: Member[] = [];
  for (let k = 0; k < size; k++) {
    const fields: Partial<CoordAccount> = {};
    if (types.includes('SIMILAR_SCREEN_NAMES')) fields.screen_name = `${leet(stem, r)}_${r.digits(r.int(2, 4))}`;
    if (types.includes('SAME_PROFILE_URL')) fields.profile_url = site;
    // created in waves of up to 150 accounts within a few minutes, a day apart
    if (types.includes('SYNCHRONOUS_ACCOUNT_CREATION')) fields.created_at = born + Math.floor(k / 150) * DAY + r.range(0, creationSpread);
    members.push({ id: g.account(fields), organicPosts: 0 });
  }
  // roster over time: with turnover, cohorts cover overlapping ranges of the bursts
  const turnover = size >= 6 && r.chance(0.35);
  const activeFrom = members.map(() => 0), activeTo = members.map(() => bursts);
  if (turnover) {
    members.forEach((_, k) => {
      if (k % 3 === 1) activeTo[k] = Math.ceil(bursts * 0.6);
      else if (k % 3 === 2) activeFrom[k] = Math.floor(bursts * 0.4);
    });
  }
  const behavioural = types.filter((t) => !PROFILE.includes(t));
  const coordActs = members.map(() => 0);
  const campaignTags = Array.from({ length: r.int(1, 3) }, () => `${g.word(2)}${g.word(2)}`);
  const sequence = [g.tags[g.popular(200)]!, `${g.word(3)}`, g.tags[g.popular(500)]!];
  for (let b = 0; b < bursts && behavioural.length; b++) {
    const t0 = START + ((b + r.range(0.1, 0.9)) / bursts) * (g.span - 2 * HOUR);
    const url = `https://${g.word(2)}${c}.example.info/a/${g.word(3)}`;
    const tag = r.chance(0.5) ? r.pick(campaignTags) : `${g.word(3)}${c}`;
    const seq = r.chance(0.5) ? sequence : [g.word(3), g.word(2), g.word(3)];
    const template = g.text(14 + r.int(0, 10));
    const target = g.posts[r.int(0, g.posts.length - 1)]!;
    const repostOf = target.repost_of ?? target.id;
    const jitter = fastSpread, slow = slowSpread;
    members.forEach((m, k) => {
      if (b < activeFrom[k]! || b >= activeTo[k]! || !r.chance(participation)) return;
      const fast = t0 + r.range(0, jitter);
      const text = behavioural.includes('COPYPASTA') ? variant(g, template, r.range(0, 0.06)) : g.text();
      // URL and hashtag shares ride on one post; copypasta and sequences are posted within the slow spread
      const carried = { urls: [] as string[], hashtags: [] as string[] };
      if (behavioural.includes('SYNCHRONOUS_URL_SHARE')) carried.urls.push(url);
      if (behavioural.includes('SYNCHRONOUS_HASHTAG_SHARE')) carried.hashtags.push(tag);
      if (carried.urls.length || carried.hashtags.length) {
        g.post({ account_id: m.id, published_at: fast, ...carried, text: g.text() });
        coordActs[k]!++;
      }
      if (behavioural.includes('SYNCHRONOUS_REPOST')) {
        g.post({ account_id: m.id, published_at: t0 + r.range(0, jitter), repost_of: repostOf, text: null });
        coordActs[k]!++;
      }
      if (behavioural.includes('COPYPASTA') || behavioural.includes('HASHTAG_SEQUENCE_SHARE')) {
        const p = g.post({
          account_id: m.id, published_at: t0 + r.range(0, slow), urls: [],
          hashtags: behavioural.includes('HASHTAG_SEQUENCE_SHARE') ? seq : [], text,
        });
        if (behavioural.includes('COPYPASTA')) copyFamily.set(p.id, `c${c}.${b}`);
        coordActs[k]!++;
      }
    });
  }
  // dilution: organic posts so that coordinated acts are the drawn share of each member's posts
  members.forEach((m, k) => {
    const d = r.range(dl, dh);
    const extra = coordActs[k]! > 0 ? Math.round((coordActs[k]! * (1 - d)) / d) : r.int(3, 30);
    for (let i = 0; i < extra; i++) g.organicPost(m.id);
  });
  return {
    id: c, kind: types.map((t) => t.toLowerCase()).join('+') as PlantedCampaign['kind'], types,
    accounts: members.map((m) => m.id), events: bursts, participation,
  };
}
