import { describe, expect, it } from 'vitest';
import { coordinationClusterSchema, EVIDENCE_GROUP_OF } from '../../shared/types';
import { resolveConfig } from './config';
import { detectCoordination } from './detect';
import { Random } from '@core/shared/random';
import type { CoordAccount, CoordPost } from './types';

const T0 = Date.UTC(2024, 0, 1);
const MIN = 60_000;
const DAY = 86_400_000;

const name = (rnd: Random) => Array.from({ length: 9 }, () => String.fromCharCode(97 + rnd.int(0, 25))).join('');

/** A quiet organic background: 300 accounts, random words, links and hashtags over 10 days. */
function background(seed = 1) {
  const rnd = new Random(seed);
  const posts: CoordPost[] = [];
  const accounts: CoordAccount[] = [];
  for (let a = 0; a < 300; a++) {
    accounts.push({ id: `o${a}`, screen_name: name(rnd), created_at: T0 - rnd.int(30, 3000) * DAY, profile_url: null });
    for (let k = rnd.int(5, 40); k > 0; k--) {
      posts.push({
        id: `o${a}-${k}`, account_id: `o${a}`, published_at: T0 + rnd.int(0, 10 * DAY),
        text: Array.from({ length: rnd.int(6, 14) }, () => `w${rnd.int(0, 3000)}`).join(' '),
        urls: rnd.chance(0.3) ? [`https://site${rnd.int(0, 50)}.com/p/${rnd.int(0, 2000)}`] : [],
        hashtags: rnd.chance(0.3) ? [`tag${rnd.int(0, 300)}`] : [],
        engagement_score: 1,
      });
    }
  }
  return { posts, accounts };
}

/** `n` members act together at `events` moments, each member a few seconds apart, plus organic posts of their own. */
function campaign(prefix: string, n: number, events: number, act: (member: number, event: number, t: number) => Partial<CoordPost>, seed = 2) {
  const rnd = new Random(seed);
  const posts: CoordPost[] = [];
  const accounts: CoordAccount[] = [];
  for (let m = 0; m < n; m++) {
    accounts.push({ id: `${prefix}${m}`, screen_name: name(rnd), created_at: T0 - rnd.int(30, 3000) * DAY, profile_url: null });
    for (let k = 0; k < 20; k++) {
      posts.push({ id: `${prefix}${m}-own${k}`, account_id: `${prefix}${m}`, published_at: T0 + rnd.int(0, 10 * DAY),
        text: Array.from({ length: 8 }, () => `v${rnd.int(0, 3000)}`).join(' '), engagement_score: 3 });
    }
  }
  for (let e = 0; e < events; e++) {
    const t = T0 + (e + 1) * 7 * 3_600_000;
    for (let m = 0; m < n; m++) {
      const at = t + m * 2000 + rnd.int(0, 1000);
      posts.push({ id: `${prefix}${m}-e${e}`, account_id: `${prefix}${m}`, published_at: at, engagement_score: 5, ...act(m, e, at) });
    }
  }
  return { posts, accounts };
}

const merge = (...parts: Array<{ posts: CoordPost[]; accounts: CoordAccount[] }>) => ({
  posts: parts.flatMap((p) => p.posts), accounts: parts.flatMap((p) => p.accounts),
});

const clusterOf = (r: ReturnType<typeof detectCoordination>, prefix: string) =>
  r.clusters.filter((c) => c.vertices.some((v) => v.startsWith(prefix)));

describe('detectCoordination: one planted group per evidence type', () => {
  it('SYNCHRONOUS_URL_SHARE: the group, its links and the proving posts with their time deltas', () => {
    const r = detectCoordination(merge(background(), campaign('u', 8, 6, (_m, e) => ({ urls: [`https://campaign.example/story-${e}`], text: null }))));
    const [c, ...rest] = clusterOf(r, 'u');
    expect(rest).toHaveLength(0);
    expect(c!.vertices.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `u${i}`).sort());
    expect(r.clusters.every((x) => x.vertices.every((v) => v.startsWith('u')))).toBe(true);
    const edge = c!.edges.find((e) => e.i === 'u0' && e.j === 'u1') ?? c!.edges.find((e) => e.i === 'u1' && e.j === 'u0');
    expect(edge!.coordination_types).toEqual(['SYNCHRONOUS_URL_SHARE']);
    const ev = edge!.evidence[0]!;
    expect(ev.co_actions).toBeGreaterThanOrEqual(5);
    expect(ev.samples.length).toBeGreaterThan(0);
    for (const s of ev.samples) {
      expect(s.key).toMatch(/^campaign\.example\/story-\d$/);
      expect(s.delta_ms).toBe(Math.abs(s.time_j! - s.time_i!));
      expect(s.delta_ms!).toBeLessThanOrEqual(60_000);
      expect(s.post_i).toMatch(/^u[01]-e\d$/);
    }
    expect(c!.preview.evidences).toEqual([expect.objectContaining({ type: 'SYNCHRONOUS_URL_SHARE', group: 'Synchronous Posting', posts: 48 })]);
    expect(c!.post_ids).toHaveLength(48);
    expect(r.postClusters.get('u3-e2')).toEqual([c!.cluster_id]);
    expect(r.accountCluster.get('u5')).toBe(c!.cluster_id);
  });

  it('SYNCHRONOUS_REPOST', () => {
    const bg = background();
    const targets = bg.posts.slice(0, 6).map((p) => p.id);
    const r = detectCoordination(merge(bg, campaign('r', 6, 6, (_m, e) => ({ repost_of: targets[e]!, text: 'RT copied text of the original post here' }))));
    const [c] = clusterOf(r, 'r');
    expect(c!.vertices).toHaveLength(6);
    expect(new Set(c!.edges.flatMap((e) => e.coordination_types))).toEqual(new Set(['SYNCHRONOUS_REPOST']));
  });

  it('COPYPASTA: near-identical texts, not the reposts of one post', () => {
    // 25 words: two members' single-word edits leave a word-bigram Jaccard of about 0.7
    const template = (e: number) => `breaking the election in district ${e} was stolen by fraud and the media will never tell you the truth so share this before they delete it now`.split(' ');
    const r = detectCoordination(merge(background(), campaign('c', 7, 5, (m, e) => {
      const words = template(e);
      words[(m * 3) % words.length] = `edit${m}`; // one edited word per member
      return { text: words.join(' ') };
    })));
    const [c] = clusterOf(r, 'c');
    expect(c!.vertices).toHaveLength(7);
    expect(new Set(c!.edges.flatMap((e) => e.coordination_types))).toEqual(new Set(['COPYPASTA']));
    expect(c!.preview.evidences[0]!.group).toBe('Replication');
  });

  it('SYNCHRONOUS_HASHTAG_SHARE', () => {
    const r = detectCoordination(merge(background(), campaign('h', 8, 6, (m) => ({ hashtags: ['#RigTheVote2024', ...(m % 2 ? [`tag${m}`] : [])], text: null }))));
    const [c] = clusterOf(r, 'h');
    expect(c!.vertices).toHaveLength(8);
    expect(new Set(c!.edges.flatMap((e) => e.coordination_types))).toEqual(new Set(['SYNCHRONOUS_HASHTAG_SHARE']));
  });

  it('HASHTAG_SEQUENCE_SHARE subsumes the co-shares of the hashtags it is made of', () => {
    const seq = ['#Truth', '#Vote', '#Now', '#RiseUp'];
    const r = detectCoordination(merge(background(), campaign('s', 8, 6, () => ({ hashtags: seq, text: null }))));
    const [c] = clusterOf(r, 's');
    expect(c!.vertices).toHaveLength(8);
    expect(new Set(c!.edges.flatMap((e) => e.coordination_types))).toEqual(new Set(['HASHTAG_SEQUENCE_SHARE']));
    expect(c!.edges[0]!.evidence[0]!.samples[0]!.key).toBe('#truth #vote #now #riseup');
    // six events of eight accounts: the hashtags' co-shares pass the chance test at 1e-3, not at the default 1e-5
    const unsubsumed = detectCoordination(merge(background(), campaign('s', 8, 6, () => ({ hashtags: seq, text: null }))), { subsume: false, chanceAlpha: 1e-3 });
    expect(new Set(clusterOf(unsubsumed, 's')[0]!.edges.flatMap((e) => e.coordination_types)))
      .toEqual(new Set(['HASHTAG_SEQUENCE_SHARE', 'SYNCHRONOUS_HASHTAG_SHARE']));
  });

  it('sock puppets: account creation + screen names + profile URL together make a cluster without any post', () => {
    const bg = background();
    const puppets: CoordAccount[] = Array.from({ length: 6 }, (_, k) => ({
      id: `p${k}`, screen_name: `Liberty_Voice_${100 + k * 7}`, created_at: T0 - 100 * DAY + k * 45_000,
      profile_url: k % 2 ? 'https://liberty-voice.net/join/' : 'http://www.liberty-voice.net/join?ref=bio',
    }));
    const r = detectCoordination({ posts: bg.posts, accounts: [...bg.accounts, ...puppets] });
    const [c] = clusterOf(r, 'p');
    expect(c!.vertices.sort()).toEqual(puppets.map((p) => p.id).sort());
    expect(new Set(c!.edges.flatMap((e) => e.coordination_types)))
      .toEqual(new Set(['SYNCHRONOUS_ACCOUNT_CREATION', 'SIMILAR_SCREEN_NAMES', 'SAME_PROFILE_URL']));
    expect(c!.post_ids).toEqual([]);
    expect(c!.preview.number_posts).toBe(0);
    expect(c!.preview.evidences.map((e) => EVIDENCE_GROUP_OF[e.type])).toEqual(['Sock Puppets', 'Sock Puppets', 'Sock Puppets']);
    const creation = c!.edges.find((e) => e.coordination_types.includes('SYNCHRONOUS_ACCOUNT_CREATION'))!;
    const sample = creation.evidence.find((e) => e.type === 'SYNCHRONOUS_ACCOUNT_CREATION')!.samples[0]!;
    expect(sample.post_i).toBeNull();
    expect(sample.delta_ms).toBeLessThanOrEqual(10 * MIN);
    const names = creation.evidence.find((e) => e.type === 'SIMILAR_SCREEN_NAMES')!.samples[0]!;
    expect(names).toMatchObject({ key: 'libertyvoice#', delta_ms: null });
  });

  it('a single kind of profile evidence is not enough (a shared employer home page)', () => {
    const bg = background();
    const colleagues: CoordAccount[] = Array.from({ length: 8 }, (_, k) => ({
      id: `e${k}`, screen_name: `colleague${'abcdefgh'[k]}${'hgfedcba'[k]}`, created_at: T0 - (100 + k * 50) * DAY, profile_url: 'https://bigcorp.com/',
    }));
    const r = detectCoordination({ posts: bg.posts, accounts: [...bg.accounts, ...colleagues] });
    expect(clusterOf(r, 'e')).toEqual([]);
    const lenient = detectCoordination({ posts: bg.posts, accounts: [...bg.accounts, ...colleagues] }, { minIdentityTypes: 1 });
    expect(clusterOf(lenient, 'e')[0]!.vertices).toHaveLength(8);
  });
});

describe('detectCoordination: what is not coordination', () => {
  it('viral links shared by 500 of 2000 accounts within two minutes, ten times, are crowds (fan-out cap)', () => {
    const bg = background();
    const rnd = new Random(11);
    const fans = Array.from({ length: 2000 }, (_, a) => `fan${a}`);
    const crowd: CoordPost[] = [];
    for (let v = 0; v < 10; v++) {
      rnd.shuffle([...fans]).slice(0, 500).forEach((fan, k) => {
        crowd.push({ id: `v${v}-${k}`, account_id: fan, published_at: T0 + v * DAY + k * 240, urls: [`https://news.example/viral-${v}`] });
      });
    }
    const r = detectCoordination({ posts: [...bg.posts, ...crowd], accounts: bg.accounts });
    expect(r.clusters.filter((c) => c.vertices.some((v) => v.startsWith('fan')))).toEqual([]);
    expect(r.stats.crowdedActs.SYNCHRONOUS_URL_SHARE).toBeGreaterThan(2000);
    expect(r.stats.pairEvents.SYNCHRONOUS_URL_SHARE).toBeGreaterThan(0);
  });

  it('two hyperactive accounts posting the same popular hashtag all day are not coordinated (chance correction)', () => {
    const rnd = new Random(5);
    const posts: CoordPost[] = [];
    for (const acc of ['bot1', 'bot2', 'bot3']) {
      for (let k = 0; k < 400; k++) posts.push({ id: `${acc}-${k}`, account_id: acc, published_at: T0 + rnd.int(0, 2 * DAY), hashtags: ['#news', '#breaking'] });
    }
    const r = detectCoordination({ posts });
    expect(r.clusters).toEqual([]);
    expect(r.stats.pairs.HASHTAG_SEQUENCE_SHARE).toBeGreaterThan(0);
    expect(r.stats.passingPairs.HASHTAG_SEQUENCE_SHARE).toBe(0);
  });

  it('one shared moment is not enough: minCoActions', () => {
    const r = detectCoordination(merge(background(), campaign('u', 8, 1, () => ({ urls: ['https://once.example/x'] }))));
    expect(clusterOf(r, 'u')).toEqual([]);
  });
  it('strangers met in two viral crowds make no cluster; a small campaign among the crowds stays found', () => {
    // 80 light accounts (a post of their own each) take up a viral link, and a day later another, within 2 minutes
    const rnd = new Random(7);
    const light = Array.from({ length: 80 }, (_, a) => `l${a}`);
    const crowd = (at: number, url: string): CoordPost[] => light.map((id) => ({
      id: `${id}-${url}`, account_id: id, published_at: at + rnd.int(0, 2 * MIN), urls: [url], text: null, engagement_score: 1,
    }));
    const viral = {
      accounts: light.map((id) => ({ id, screen_name: name(rnd), created_at: T0 - rnd.int(30, 3000) * DAY, profile_url: null })),
      posts: [
        ...light.map((id) => ({ id: `${id}-own`, account_id: id, published_at: T0 + rnd.int(0, 10 * DAY), text: `w${rnd.int(0, 3000)} w${rnd.int(0, 3000)}` })),
        ...crowd(T0 + 2 * DAY, 'https://viral.example/news'), ...crowd(T0 + 3 * DAY, 'https://viral.example/video'),
      ],
    };
    const corpus = merge(background(), viral, campaign('u', 8, 6, (_m, e) => ({ urls: [`https://campaign.example/story-${e}`], text: null })));
    const r = detectCoordination(corpus);
    expect(r.clusters.filter((c) => c.vertices.some((v) => v.startsWith('l') || v.startsWith('o')))).toEqual([]);
    const [c, ...rest] = clusterOf(r, 'u');
    expect(rest).toHaveLength(0);
    expect(c!.vertices.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `u${i}`).sort());
    // the same corpus tested at chanceAlpha for every pair: the crowds' pairs chain into clusters of strangers
    const lax = detectCoordination(corpus, { crowdAlpha: 1e-3 });
    expect(lax.clusters.filter((x) => x.vertices.filter((v) => v.startsWith('l')).length >= 5).length).toBeGreaterThan(0);
  });
});

describe('detectCoordination: output and configuration', () => {
  const input = merge(background(), campaign('u', 6, 6, (_m, e) => ({ urls: [`https://campaign.example/s${e}`] })));

  it('clusters match the shared zod schema and the spec fields', () => {
    const r = detectCoordination(input);
    expect(r.clusters.length).toBeGreaterThan(0);
    for (const c of r.clusters) {
      expect(() => coordinationClusterSchema.parse(c)).not.toThrow();
      expect(c.platform).toBeNull();
      expect(c.preview.number_accounts).toBe(c.vertices.length);
      expect(c.preview.percent_accounts).toBeCloseTo(c.vertices.length / 306, 6);
      // member posts in events have engagement 5
      expect(c.preview.engagement_score).toBe(5);
      expect(c.preview.cluster_insights[0]).toBe('6 accounts shared the same links (6 links) within 60 seconds of each other.');
    }
  });

  it('is deterministic and does not depend on the order of the input', () => {
    const a = detectCoordination(input);
    const shuffled = new Random(3).shuffle([...input.posts]);
    const b = detectCoordination({ posts: shuffled, accounts: input.accounts });
    expect(JSON.stringify(b.clusters)).toBe(JSON.stringify(a.clusters));
  });

  it('names the platform of its accounts, or multiple', () => {
    const withPlatform = { posts: input.posts.map((p) => ({ ...p, platform: p.account_id === 'u0' ? 'reddit' : 'twitter' })) };
    const [c] = clusterOf(detectCoordination(withPlatform), 'u');
    expect(c!.platform).toBe('multiple');
  });

  it('every type can be switched off, and windows are per type', () => {
    const off = detectCoordination(input, { types: { SYNCHRONOUS_URL_SHARE: { enabled: false } } });
    expect(clusterOf(off, 'u')).toEqual([]);
    const tight = detectCoordination(input, { types: { SYNCHRONOUS_URL_SHARE: { windowMs: 500 } } });
    expect(clusterOf(tight, 'u')).toEqual([]);
  });

  it('handles empty and degenerate input', () => {
    expect(detectCoordination({ posts: [] }).clusters).toEqual([]);
    expect(detectCoordination({ posts: [{ id: 'x', account_id: 'a', published_at: 0 }] }).clusters).toEqual([]);
    const noText = detectCoordination({ posts: [{ id: 'x', account_id: 'a', published_at: 0, text: '', urls: [''], hashtags: ['#'] }] });
    expect(noText.stats.postings.SYNCHRONOUS_URL_SHARE).toBe(0);
  });

  it('rejects impossible configuration with a clear message', () => {
    expect(() => resolveConfig({ types: { COPYPASTA: { windowMs: -1 } } })).toThrow('COPYPASTA.windowMs must be >= 0');
    expect(() => resolveConfig({ copypasta: { bands: 0 } })).toThrow('bands * rows');
    expect(() => resolveConfig({ copypasta: { minJaccard: 1.5 } })).toThrow('minJaccard');
    expect(() => resolveConfig({ types: { SYNCHRONOUS_REPOST: { maxWindowActs: 1 } } })).toThrow('maxWindowActs');
  });
});
