/**
 * The demo corpus: a deterministic (seeded), multi-platform, multi-language stream of posts over the last `days`
 * days before `now`, with heavy-tailed accounts, narratives (the nine Topic Radar themes plus chatter), threats and
 * non-threatening violent language, organic reposts/quotes/replies and viral bursts, and planted coordination
 * campaigns covering the eight evidence types, diluted inside their accounts' ordinary activity.
 *
 * `posts()` yields the posts in time order, one hour at a time, so a million posts never sit in memory. The ground
 * truth (campaigns, bursts, threats, each post's narrative) fills in as the posts are generated.
 */
import crypto from 'node:crypto';
import type { PlatformKey } from '@core/shared/platforms';
import type { PostInput } from '@core/server/postStore/normalize';
import {
  ANONYMOUS_PLATFORMS, NameBook, OUTLET_PLATFORMS, PLATFORM_WEIGHTS, REPOST_PLATFORMS, organicAccount, profileUrl,
  userProperties, type DemoAccount,
} from './accounts';
import { articleUrl, communityFor, frame, mutate, narrativeText, postProperties, postRid, postUrl, sentence, usableHashtags, violenceText } from './content';
import { CHATTER_NARRATIVES, SHARED_SLOTS, THEME_NARRATIVES, VIOLENCE, WORDS, type Language, type Narrative } from './narratives';
import { Random, WeightedSampler } from '@core/shared/random';

export const EVIDENCE_TYPES = [
  'SYNCHRONOUS_URL_SHARE', 'SYNCHRONOUS_HASHTAG_SHARE', 'SYNCHRONOUS_REPOST', 'COPYPASTA', 'HASHTAG_SEQUENCE_SHARE',
  'SYNCHRONOUS_ACCOUNT_CREATION', 'SIMILAR_SCREEN_NAMES', 'SAME_PROFILE_URL',
] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
const POSTING_TYPES: readonly EvidenceType[] = EVIDENCE_TYPES.slice(0, 5);

export interface CorpusOptions {
  seed: string;
  posts: number;
  /** End of the window (ms since epoch); posts are in [now - days, now). */
  now: number;
  days?: number;
}

export interface GeneratedPost {
  post: PostInput;
  /** Ground-truth narrative id (`TARIFF`, `chatter.sports` ...). */
  narrative: string;
  /** Violence kind when the post uses violent language (`explicit`, `news`, `gaming` ...), else null. */
  violence: string | null;
  threat: boolean;
}

export interface CampaignTruth {
  id: string;
  evidence_types: EvidenceType[];
  platform: PlatformKey;
  narrative: string;
  /** Seconds within which the coordinated acts of one round happen (null for account-level evidence). */
  window_seconds: number | null;
  accounts: string[];
  posts: { post: string; evidence_type: EvidenceType; round: number; key: string }[];
  /** Account-level evidence: the shared key (creation time bin, screen-name skeleton, profile URL). */
  account_key: string | null;
}

export interface BurstTruth {
  kind: 'viral_url' | 'viral_repost' | 'trending_hashtag';
  key: string;
  platform: PlatformKey | null;
  start: string;
  end: string;
  posts: number;
  accounts: number;
}

/** `platform:rid`, the key posts and accounts have in the ground truth. */
export const keyOf = (platform: string, rid: string) => `${platform}:${rid}`;

interface Campaign {
  id: string;
  types: EvidenceType[];
  platform: PlatformKey;
  narrative: Narrative;
  accounts: number[];
  truth: CampaignTruth;
}

/** A post decided before the hour it falls in is generated (campaign acts, campaign accounts' own posts, bursts). */
interface Planned {
  at: number;
  account: number;
  kind: 'coordinated' | 'own' | 'burst_url' | 'burst_repost' | 'burst_hashtag' | 'seed';
  campaign?: Campaign;
  type?: EvidenceType;
  round?: number;
  /** URL, hashtag, copypasta text, hashtag sequence, or the seed id a repost points to. */
  key?: string;
  burst?: BurstTruth;
  /** The narrative a burst is about. */
  narrative?: Narrative;
  seq: number;
}

interface Recent { rid: string; body: string; title: string | null; account: number; narrative: string; at: number; popularity: number }

export const MIN_POSTS = 5_000;
export const MAX_POSTS = 10_000_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CAMPAIGN_PLATFORMS: readonly PlatformKey[] = ['twitter', 'twitter', 'twitter', 'telegram', 'facebook', 'bluesky', 'truthsocial', 'gab', 'reddit', 'gettr', 'parler', 'mewe', 'minds'];
const GAMES = ['Skyforge Arena', 'Dust Protocol', 'Crown of Ash', 'Rift Runners'];
const REPLY_OPENERS: Record<Language, readonly string[]> = {
  en: ['Agreed.', 'Source?', 'No way.', 'This is wrong.', 'Thank you!', 'Exactly right.', 'Who told you that?'],
  es: ['¿En serio?', 'De acuerdo.', '¿Fuente?', 'Totalmente.', 'Eso es falso.'],
  zh: ['同意。', '真的吗？', '说得对。', '来源呢？'],
};
const QUOTE_OPENERS: Record<Language, readonly string[]> = {
  en: ['This.', 'Exactly.', 'Not true.', 'Read this thread.', 'Wow', 'Important:'],
  es: ['Esto.', 'Exacto.', 'Falso.', 'Lean esto:'],
  zh: ['重要：', '转发。', '不是真的。'],
};

export class CorpusGenerator {
  readonly accounts: DemoAccount[] = [];
  readonly campaigns: Campaign[] = [];
  readonly bursts: BurstTruth[] = [];
  readonly narratives: readonly Narrative[] = [...THEME_NARRATIVES, ...CHATTER_NARRATIVES];
  readonly start: number;
  readonly end: number;
  /** Per post, in output order: key, narrative index, violence kind (or null). Filled by `posts()`. */
  readonly labels: { keys: string[]; narrative: number[]; violence: (string | null)[]; threat: boolean[] } = { keys: [], narrative: [], violence: [], threat: [] };
  readonly narrativeCounts = new Map<string, number>();
  private readonly rng: Random;
  private readonly names = new NameBook();
  private readonly planned: Planned[] = [];
  private readonly organicSampler: WeightedSampler;
  private readonly organicIndexes: number[] = [];
  private readonly byPlatform = new Map<PlatformKey, number[]>();
  private readonly hash = crypto.createHash('sha256');
  private counter = 0;
  private done = false;
  private readonly narrativeIndex = new Map(this.narratives.map((n, i) => [n.id, i]));

  private narrative(id: string): Narrative {
    return this.narratives[this.narrativeIndex.get(id)!]!;
  }

  constructor(readonly options: CorpusOptions) {
    if (!Number.isInteger(options.posts) || options.posts < MIN_POSTS || options.posts > MAX_POSTS) {
      throw new Error(`the demo corpus size must be an integer from ${MIN_POSTS} to ${MAX_POSTS}`);
    }
    this.rng = new Random(`narrascope-demo:${options.seed}`);
    const days = options.days ?? 30;
    this.end = Math.floor(options.now / 1000) * 1000;
    this.start = this.end - days * DAY;
    this.buildOrganicAccounts();
    this.buildCampaigns();
    this.planBursts();
    const weights = this.organicIndexes.map((i) => this.accounts[i]!.activity);
    this.organicSampler = new WeightedSampler(weights);
    this.planned.sort((a, b) => a.at - b.at || a.seq - b.seq);
    if (this.planned.length > options.posts) throw new Error(`planned ${this.planned.length} campaign and burst posts for a corpus of ${options.posts}`);
    for (const a of this.accounts) {
      this.hash.update(JSON.stringify([a.platform, a.rid, a.screen_name, a.display_name, a.created_at, a.url, a.bio]));
    }
  }

  /** sha256 of everything generated; final once `posts()` has run to its end. */
  corpusHash(): string {
    if (!this.done) throw new Error('corpusHash() is known once every post was generated');
    return this.hash.copy().digest('hex');
  }

  // ---------------------------------------------------------------------------------------------- accounts

  private buildOrganicAccounts() {
    const rng = this.rng.fork('accounts');
    const count = Math.max(200, Math.round(this.options.posts / 8));
    const platforms = Object.keys(PLATFORM_WEIGHTS) as PlatformKey[];
    const sampler = new WeightedSampler(platforms.map((p) => PLATFORM_WEIGHTS[p]));
    const themeIds = THEME_NARRATIVES.map((n) => n.id);
    const chatterIds = CHATTER_NARRATIVES.filter((n) => n.weight > 0).map((n) => n.id);
    for (let i = 0; i < count; i += 1) {
      // Every platform gets accounts even in a small corpus.
      const platform = i < platforms.length ? platforms[i]! : platforms[sampler.draw(rng)]!;
      const interests = [...rng.sample(themeIds, 2), ...rng.sample(chatterIds, 2)];
      const a = organicAccount(rng, this.names, i, platform, this.start, interests);
      this.accounts.push(a);
      this.organicIndexes.push(i);
      this.indexPlatform(a);
    }
  }

  private indexPlatform(a: DemoAccount) {
    let list = this.byPlatform.get(a.platform);
    if (!list) this.byPlatform.set(a.platform, (list = []));
    list.push(a.index);
  }

  // --------------------------------------------------------------------------------------------- campaigns

  private buildCampaigns() {
    const rng = this.rng.fork('campaigns');
    const n = this.options.posts;
    const perType = Math.max(1, Math.round(n / 40_000));
    const maxSize = Math.max(5, Math.min(200, Math.round(n / 400)));
    const types: EvidenceType[] = [];
    for (let k = 0; k < perType; k += 1) types.push(...EVIDENCE_TYPES);
    let budget = Math.round(n * 0.12); // posts of campaign accounts, coordinated and their own
    types.forEach((type, c) => {
      const size = Math.min(maxSize, 5 + Math.floor((rng.pareto(1.1) - 1) * 12));
      const platform = rng.pick(CAMPAIGN_PLATFORMS);
      const narrative = rng.pick(THEME_NARRATIVES);
      const id = `C${String(c + 1).padStart(2, '0')}`;
      const secondary = POSTING_TYPES.includes(type) && rng.chance(0.25) ? rng.pick(POSTING_TYPES.filter((t) => t !== type)) : null;
      const campaign: Campaign = {
        id, types: secondary ? [type, secondary] : [type], platform, narrative, accounts: [],
        truth: {
          id, evidence_types: secondary ? [type, secondary] : [type], platform, narrative: narrative.id,
          window_seconds: type === 'COPYPASTA' ? 300 : POSTING_TYPES.includes(type) ? 60 : null, accounts: [], posts: [], account_key: null,
        },
      };
      this.createCampaignAccounts(rng, campaign, size);
      budget -= this.planCampaign(rng, campaign, budget);
      this.campaigns.push(campaign);
    });
  }

  private createCampaignAccounts(rng: Random, c: Campaign, size: number) {
    const type = c.types[0]!;
    const stem = `${rng.pick(WORDS)}_${rng.pick(WORDS)}`;
    const creationBase = this.start - rng.int(60, 700) * DAY;
    const sharedUrl = `https://linktr.ee/${rng.pick(WORDS)}${rng.pick(WORDS)}hub${rng.int(10, 99)}`;
    if (type === 'SIMILAR_SCREEN_NAMES') c.truth.account_key = `${stem}####`;
    if (type === 'SAME_PROFILE_URL') c.truth.account_key = sharedUrl;
    if (type === 'SYNCHRONOUS_ACCOUNT_CREATION') c.truth.account_key = new Date(creationBase).toISOString();
    for (let k = 0; k < size; k += 1) {
      const index = this.accounts.length;
      const a = organicAccount(rng, this.names, index, c.platform, this.start, [c.narrative.id, c.narrative.id, rng.pick(CHATTER_NARRATIVES.filter((n) => n.weight > 0)).id]);
      a.campaign = c.id;
      a.language = 'en';
      a.activity = 1;
      a.popularity = Math.min(a.popularity, 0.35);
      // Sock puppets are younger than most accounts.
      a.created_at = new Date(Math.floor((this.start - rng.int(40, 900) * DAY) / 1000) * 1000).toISOString();
      if (type === 'SYNCHRONOUS_ACCOUNT_CREATION') a.created_at = new Date(creationBase + rng.int(0, 240) * 1000).toISOString();
      if (type === 'SIMILAR_SCREEN_NAMES') {
        let screen: string;
        do screen = `${stem}${rng.digits(4)}`; while (!this.names.claim(c.platform, screen));
        a.screen_name = screen;
        a.display_name = stem.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
      }
      if (type === 'SAME_PROFILE_URL') {
        a.url = rng.pick([sharedUrl, `${sharedUrl}/`, sharedUrl.replace('https://', 'http://'), `${sharedUrl}?utm_source=${c.platform}`, sharedUrl.replace('https://', 'https://www.')]);
      } else if (a.url !== null) {
        a.url = profileUrl(a.platform, a.screen_name, a.rid);
      }
      a.additional_properties = userProperties(rng, a.platform, a.popularity);
      this.accounts.push(a);
      this.indexPlatform(a);
      c.accounts.push(index);
      c.truth.accounts.push(keyOf(a.platform, a.rid));
    }
  }

  /** Plans a campaign's rounds and its accounts' own posts; answers how many posts it planned. */
  private planCampaign(rng: Random, c: Campaign, budget: number): number {
    let planned = 0;
    const coordinated = new Map<number, number>();
    const margin = 2 * HOUR;
    for (const [t, type] of c.types.entries()) {
      if (!POSTING_TYPES.includes(type)) continue;
      const rounds = t === 0 ? rng.int(8, 14) : rng.int(3, 5);
      const sequence = [...usableHashtags(c.narrative).slice(0, 2), ...rng.sample(['#WakeUp', '#Truth', '#Share', '#America', '#Now', '#Facts', '#Justice'], 2)];
      for (let r = 0; r < rounds; r += 1) {
        const at = this.start + margin + rng.next() * (this.end - this.start - 2 * margin);
        const participants = c.accounts.filter(() => rng.chance(0.75));
        if (participants.length < 2) participants.push(...rng.sample(c.accounts.filter((a) => !participants.includes(a)), 2 - participants.length));
        let key: string;
        switch (type) {
          case 'SYNCHRONOUS_URL_SHARE': key = articleUrl(rng, `${rng.pick(WORDS)}-${rng.pick(WORDS)}-report.com`, at, c.narrative.id); break;
          case 'SYNCHRONOUS_HASHTAG_SHARE': key = `#${cap(rng.pick(WORDS))}${cap(rng.pick(WORDS))}${rng.int(10, 99)}`; break;
          case 'COPYPASTA': key = `${sentence(c.narrative, 'en', rng)} ${sentence(c.narrative, 'en', rng)} ${sentence(c.narrative, 'en', rng)}`; break;
          case 'HASHTAG_SEQUENCE_SHARE': key = sequence.join(' '); break;
          default: key = `${c.id}-seed-${t}-${r}`;
        }
        if (type === 'SYNCHRONOUS_REPOST') {
          // An account outside the campaign posts first; the campaign amplifies it within a minute of each other.
          const onPlatform = this.byPlatform.get(c.platform) ?? [];
          let leader = c.accounts[0]!;
          for (let tries = 0; tries < 50 && onPlatform.length; tries += 1) {
            const candidate = rng.pick(onPlatform);
            if (this.accounts[candidate]!.campaign === null) { leader = candidate; break; }
          }
          this.plan({ at: at - rng.int(120, 1800) * 1000, account: leader, kind: 'seed', campaign: c, key });
          planned += 1;
        }
        const window = type === 'COPYPASTA' ? 240 : 50;
        for (const account of participants) {
          const delay = Math.min(window, rng.exp(type === 'COPYPASTA' ? 60 : 12)) * 1000;
          this.plan({ at: at + delay, account, kind: 'coordinated', campaign: c, type, round: r, key });
          coordinated.set(account, (coordinated.get(account) ?? 0) + 1);
          planned += 1;
        }
      }
    }
    // Their own posts: coordinated acts are 10-30 % of each account's activity.
    for (const account of c.accounts) {
      const k = coordinated.get(account) ?? 0;
      const own = k > 0 ? Math.round((k * (1 - (0.1 + rng.next() * 0.2))) / (0.1 + rng.next() * 0.2)) : rng.int(4, 20);
      const count = Math.min(own, Math.max(k > 0 ? Math.round(k * 2.5) : 3, budget - planned));
      for (let i = 0; i < count; i += 1) {
        this.plan({ at: this.start + rng.next() * (this.end - this.start), account, kind: 'own', campaign: c });
        planned += 1;
      }
    }
    return planned;
  }

  private plan(p: Omit<Planned, 'seq'>) {
    this.planned.push({ ...p, at: Math.min(this.end - 1000, Math.max(this.start, Math.floor(p.at))), seq: this.planned.length });
  }

  // ------------------------------------------------------------------------------------------------ bursts

  /** Organic noise that looks synchronous but is no campaign: a viral link, a viral post, a trending hashtag. */
  private planBursts() {
    const rng = this.rng.fork('bursts');
    const count = Math.max(3, Math.round(this.options.posts / 15_000));
    for (let b = 0; b < count; b += 1) {
      const kind = (['viral_url', 'viral_repost', 'trending_hashtag'] as const)[b % 3]!;
      const at = this.start + DAY + rng.next() * (this.end - this.start - 2 * DAY);
      const size = Math.min(Math.round(this.options.posts / 150), rng.int(60, 300));
      const platform = kind === 'viral_url' ? null : rng.pick(['twitter', 'twitter', 'bluesky', 'facebook', 'truthsocial'] as const);
      const pool = platform ? this.organicIndexes.filter((i) => this.accounts[i]!.platform === platform) : this.organicIndexes.filter((i) => !ANONYMOUS_PLATFORMS.has(this.accounts[i]!.platform));
      const accounts = rng.sample(pool, size);
      const narrative = rng.pick(THEME_NARRATIVES);
      const key = kind === 'viral_url' ? articleUrl(rng, rng.pick(narrative.domains), at, narrative.id)
        : kind === 'trending_hashtag' ? `#${cap(rng.pick(WORDS))}${cap(rng.pick(WORDS))}`
        : `burst-${b}`;
      const spread = kind === 'viral_url' ? 600 : kind === 'viral_repost' ? 1800 : 7200;
      const truth: BurstTruth = { kind, key, platform, start: new Date(at).toISOString(), end: new Date(at + spread * 1000).toISOString(), posts: accounts.length, accounts: accounts.length };
      if (kind === 'viral_repost') {
        const leader = pool.reduce((best, i) => (this.accounts[i]!.popularity > this.accounts[best]!.popularity ? i : best), pool[0]!);
        this.plan({ at: at - 300_000, account: leader, kind: 'seed', key, burst: truth, narrative });
        truth.posts += 1;
      }
      for (const account of accounts) {
        this.plan({ at: at + Math.min(spread, rng.exp(spread / 4)) * 1000, account, kind: kind === 'viral_url' ? 'burst_url' : kind === 'viral_repost' ? 'burst_repost' : 'burst_hashtag', key, burst: truth, narrative });
      }
      this.bursts.push(truth);
    }
  }

  // ------------------------------------------------------------------------------------------------- posts

  /** Yields every post in time order. */
  *posts(): Generator<GeneratedPost> {
    const rng = this.rng.fork('posts');
    const hours = Math.round((this.end - this.start) / HOUR);
    const organicTotal = Math.max(0, this.options.posts - this.planned.length);
    // Diurnal rhythm (busier in the afternoon and evening UTC) and slow growth over the window.
    const weights = Array.from({ length: hours }, (_, h) => {
      const hourOfDay = new Date(this.start + h * HOUR).getUTCHours();
      return (0.55 + 0.45 * Math.sin(((hourOfDay - 9) / 24) * 2 * Math.PI)) * (1 + (0.3 * h) / hours);
    });
    const total = weights.reduce((a, b) => a + b, 0);
    const exact = weights.map((w) => (w / total) * organicTotal);
    const perHour = exact.map(Math.floor);
    let missing = organicTotal - perHour.reduce((a, b) => a + b, 0);
    const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (let k = 0; missing > 0; k += 1, missing -= 1) perHour[order[k % order.length]![1]]! += 1;

    const recent = new Map<PlatformKey, Recent[]>();
    const seeds = new Map<string, Recent>();
    const articles = new Map<string, { url: string; at: number }[]>();
    const spikes = this.themeSpikes(rng.fork('spikes'), hours);
    let p = 0;
    for (let h = 0; h < hours; h += 1) {
      const hourStart = this.start + h * HOUR;
      const slice: Planned[] = [];
      while (p < this.planned.length && this.planned[p]!.at < hourStart + HOUR) slice.push(this.planned[p++]!);
      for (let k = 0; k < perHour[h]!; k += 1) {
        slice.push({ at: hourStart + Math.floor(rng.next() * HOUR), account: this.organicIndexes[this.organicSampler.draw(rng)]!, kind: 'own', seq: -1 });
      }
      slice.sort((a, b) => a.at - b.at || a.seq - b.seq);
      for (const item of slice) yield this.emit(item, rng, recent, seeds, articles, spikes[h]!);
    }
    this.done = true;
  }

  /** Per hour, a multiplier per theme: each theme has a few news-driven spikes. */
  private themeSpikes(rng: Random, hours: number): Map<string, number>[] {
    const peaks = THEME_NARRATIVES.map((n) => ({ id: n.id, at: Array.from({ length: rng.int(1, 3) }, () => rng.int(0, hours - 1)), height: 1 + rng.next() * 3 }));
    return Array.from({ length: hours }, (_, h) => new Map(peaks.map((pk) => [pk.id, 1 + pk.at.reduce((s, a) => s + pk.height * Math.exp(-Math.abs(h - a) / 18), 0)])));
  }

  private pickNarrative(rng: Random, a: DemoAccount, spikes: Map<string, number>): Narrative {
    if (rng.chance(0.55)) {
      const id = rng.chance(0.5) ? a.interests[0]! : rng.pick(a.interests);
      const n = this.narratives.find((x) => x.id === id)!;
      if (n.theme === null || rng.chance(Math.min(1, (spikes.get(n.id) ?? 1) / 2))) return n;
    }
    const themed = rng.chance(0.45);
    const list = themed ? THEME_NARRATIVES : CHATTER_NARRATIVES;
    const weights = list.map((n) => n.weight * (themed ? spikes.get(n.id) ?? 1 : 1));
    return list[new WeightedSampler(weights).draw(rng)]!;
  }

  private linkFor(rng: Random, n: Narrative, at: number, articles: Map<string, { url: string; at: number }[]>): string {
    let list = articles.get(n.id);
    if (!list) articles.set(n.id, (list = []));
    // Most links go to articles already shared (the popular ones of the last days); some are new.
    // Newest first; a heavy-tailed pick favours the latest articles, older than 3 days are not shared.
    if (list.length && rng.chance(0.7)) {
      const pick = list[Math.min(list.length - 1, Math.floor(rng.pareto(1.1)) - 1)]!;
      if (at - pick.at < 3 * DAY) return pick.url;
    }
    const url = articleUrl(rng, rng.pick(n.domains), at, n.id);
    list.unshift({ url, at });
    if (list.length > 400) list.pop();
    return url;
  }

  private mentionOn(rng: Random, platform: PlatformKey): string | null {
    const list = this.byPlatform.get(platform);
    if (!list || ANONYMOUS_PLATFORMS.has(platform) || OUTLET_PLATFORMS.has(platform)) return null;
    return this.accounts[rng.pick(list)]!.screen_name;
  }

  private emit(item: Planned, rng: Random, recent: Map<PlatformKey, Recent[]>, seeds: Map<string, Recent>, articles: Map<string, { url: string; at: number }[]>, spikes: Map<string, number>): GeneratedPost {
    const a = this.accounts[item.account]!;
    const platform = a.platform;
    const language: Language = item.campaign || item.burst ? 'en' : rng.chance(0.95) ? a.language : 'en';
    const game = rng.pick(GAMES);
    // A campaign's acts are about its narrative; its accounts' own posts are half about it, half about anything.
    let narrative: Narrative = item.kind === 'coordinated' && item.campaign ? item.campaign.narrative
      : item.narrative ?? (item.campaign && rng.chance(0.5) ? item.campaign.narrative : this.pickNarrative(rng, a, spikes));
    let body = '';
    let title: string | null = null;
    let repostOf: Recent | null = null;
    let quoteOf: Recent | null = null;
    let replyTo: Recent | null = null;
    let violence: string | null = null;
    let threat = false;
    const urls: string[] = [];
    const mention = this.mentionOn(rng, platform);
    const extra = { mention: mention ?? 'someone', game };

    const pool = recent.get(platform) ?? [];
    const pickRecent = () => {
      // Tournament of three among recent posts: popular ones are reposted more often (preferential attachment).
      let best: Recent | null = null;
      for (let i = 0; i < 3 && pool.length; i += 1) {
        const c = pool[Math.floor(rng.next() * pool.length)]!;
        if (c.account === item.account || item.at - c.at > 2 * DAY) continue;
        if (!best || c.popularity > best.popularity) best = c;
      }
      return best;
    };

    if (item.kind === 'coordinated' && item.campaign) {
      const key = item.key!;
      switch (item.type) {
        case 'SYNCHRONOUS_URL_SHARE': body = `${narrativeText(narrative, 'en', rng, extra)} ${key}`; urls.push(key); break;
        case 'SYNCHRONOUS_HASHTAG_SHARE': body = `${sentence(narrative, 'en', rng, extra)} ${key}`; break;
        case 'COPYPASTA': body = mutate(key, rng); break;
        case 'HASHTAG_SEQUENCE_SHARE': body = `${sentence(narrative, 'en', rng, extra)} ${key}`; break;
        case 'SYNCHRONOUS_REPOST': {
          repostOf = seeds.get(key) ?? null;
          body = repostOf?.body ?? sentence(narrative, 'en', rng, extra);
          break;
        }
      }
    } else if (item.kind === 'seed') {
      body = item.burst ? narrativeText(narrative, 'en', rng, extra) : `${sentence(narrative, 'en', rng, extra)} ${sentence(narrative, 'en', rng, extra)}`;
    } else if (item.kind === 'burst_url') {
      body = `${rng.chance(0.5) ? sentence(narrative, language, rng, extra) : rng.pick(['Wow.', 'Read this.', 'Huge if true.', 'This is big', 'Unbelievable', 'Must read'])} ${item.key}`;
      urls.push(item.key!);
    } else if (item.kind === 'burst_repost') {
      repostOf = seeds.get(item.key!) ?? null;
      body = repostOf?.body ?? sentence(narrative, language, rng, extra);
      if (repostOf) narrative = this.narrative(repostOf.narrative);
    } else if (item.kind === 'burst_hashtag') {
      body = `${narrativeText(narrative, language, rng, extra)} ${item.key}`;
    } else {
      // Ordinary activity.
      const roll = rng.next();
      const canRepost = REPOST_PLATFORMS.has(platform);
      if (roll < 0.004 || (roll < 0.03 && !item.campaign)) {
        const candidates = VIOLENCE.filter((v) => v.language === language || (language !== 'en' && v.language === 'en' && rng.chance(0.1)));
        const threats = candidates.filter((v) => v.threat);
        const v = roll < 0.004 && threats.length ? rng.pick(threats) : rng.pick(candidates.filter((x) => !x.threat).length ? candidates.filter((x) => !x.threat) : candidates);
        body = violenceText(v, rng, mention, game);
        violence = v.kind;
        threat = v.threat;
        if (v.kind === 'gaming') narrative = this.narrative('chatter.gaming');
        else if (v.kind === 'news') narrative = this.narrative('chatter.crime_news');
      } else if (canRepost && roll < 0.2 && (repostOf = pickRecent())) {
        body = repostOf.body;
        narrative = this.narrative(repostOf.narrative);
      } else if (canRepost && roll < 0.24 && (quoteOf = pickRecent())) {
        narrative = this.narrative(quoteOf.narrative);
        body = frame(`${rng.pick(QUOTE_OPENERS[language])} ${sentence(narrative, language, rng, extra)}`, language, rng);
      } else if (roll < (canRepost ? 0.34 : 0.4) && (replyTo = pickRecent())) {
        narrative = this.narrative(replyTo.narrative);
        body = frame(`${rng.pick(REPLY_OPENERS[language])} ${sentence(narrative, language, rng, extra)}`, language, rng);
      } else {
        body = narrativeText(narrative, language, rng, extra);
        if (rng.chance(narrative.theme ? 0.3 : 0.12) || OUTLET_PLATFORMS.has(platform)) {
          const url = this.linkFor(rng, narrative, item.at, articles);
          body += ` ${url}`;
          urls.push(url);
        }
      }
    }
    if (!repostOf && (OUTLET_PLATFORMS.has(platform) || platform === 'reddit' || platform === 'board' || platform === 'kiwifarms' || platform === 'patriots' || platform === 'poal') && !replyTo) {
      title = sentence(narrative, language, rng, extra).replace(/[.!?。]$/, '');
    }

    this.counter += 1;
    const rid = postRid(platform, this.counter, item.at, a.rid, rng);
    const community = communityFor(platform, narrative, rng);
    const post: PostInput = {
      platform, rid, title, body, published_at: new Date(item.at).toISOString(), language,
      source_url: postUrl(platform, rid, a.screen_name, community),
      avatar_url: a.avatar_url, accounts_url: profileUrl(platform, a.screen_name, a.rid),
      urls,
      author: {
        rid: a.rid, user_id: a.rid, screen_name: a.screen_name, display_name: a.display_name, created_at: a.created_at, url: a.url,
        bio: a.bio, location: a.location, avatar_url: a.avatar_url, additional_properties: a.additional_properties,
      },
      repost_of: repostOf?.rid ?? null, quote_of: quoteOf?.rid ?? null, reply_to: replyTo?.rid ?? null,
      additional_properties: postProperties(platform, rng, item.campaign ? 0.1 : a.popularity, community, replyTo !== null),
    };
    const key = keyOf(platform, rid);
    const entry: Recent = { rid, body, title, account: item.account, narrative: narrative.id, at: item.at, popularity: a.popularity + rng.next() * 0.3 };
    if (!repostOf) {
      let list = recent.get(platform);
      if (!list) recent.set(platform, (list = []));
      list.push(entry);
      if (list.length > 1500) list.splice(0, list.length - 1000);
    }
    if (item.kind === 'seed') seeds.set(item.key!, entry);
    if (item.kind === 'coordinated' && item.campaign) {
      item.campaign.truth.posts.push({ post: key, evidence_type: item.type!, round: item.round!, key: item.type === 'COPYPASTA' ? item.key!.slice(0, 80) : item.key! });
    }
    this.labels.keys.push(key);
    this.labels.narrative.push(this.narrativeIndex.get(narrative.id)!);
    this.labels.violence.push(violence);
    this.labels.threat.push(threat);
    this.narrativeCounts.set(narrative.id, (this.narrativeCounts.get(narrative.id) ?? 0) + 1);
    this.hash.update(JSON.stringify([post.platform, post.rid, post.published_at, a.rid, post.title, post.body, post.repost_of, post.quote_of, post.reply_to, post.language, post.urls, post.additional_properties]));
    return { post, narrative: narrative.id, violence, threat };
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export { SHARED_SLOTS };
