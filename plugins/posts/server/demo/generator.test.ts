import { describe, expect, it } from 'vitest';
import { PLATFORM_KEYS, parsePostProperties, parseUserProperties } from '@core/shared/platforms';
import { compileMatcher, parseQuery } from '@core/shared/query';
import { normalizePost } from '@core/server/postStore/normalize';
import { CorpusGenerator, EVIDENCE_TYPES, keyOf, type GeneratedPost } from './generator';
import { THEMES } from './narratives';

const NOW = Date.UTC(2025, 5, 1, 12, 30);
function run(seed: string, posts = 6000) {
  const g = new CorpusGenerator({ seed, posts, now: NOW });
  const out: GeneratedPost[] = [];
  for (const p of g.posts()) out.push(p);
  return { g, out };
}

describe('demo corpus generator', () => {
  const { g, out } = run('alpha');

  it('is deterministic: the same seed gives the same corpus and hash, another seed another one', () => {
    const again = run('alpha');
    expect(again.g.corpusHash()).toBe(g.corpusHash());
    expect(again.out.map((p) => p.post)).toEqual(out.map((p) => p.post));
    const other = run('beta');
    expect(other.g.corpusHash()).not.toBe(g.corpusHash());
    expect(g.corpusHash()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('produces exactly the asked number of posts, in time order, inside the 30 days before now', () => {
    expect(out).toHaveLength(6000);
    const times = out.map((p) => Date.parse(p.post.published_at));
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW - 30 * 86_400_000 - 1000);
    expect(Math.max(...times)).toBeLessThan(NOW);
    expect(new Set(out.map((p) => keyOf(p.post.platform, p.post.rid))).size).toBe(6000);
  });

  it('covers all 20 platforms with valid additional properties, three languages and heavy-tailed accounts', () => {
    expect(new Set(out.map((p) => p.post.platform))).toEqual(new Set(PLATFORM_KEYS));
    for (const p of out) {
      expect(parsePostProperties(p.post.platform, p.post.additional_properties), p.post.platform).toMatchObject({ ok: true });
      expect(parseUserProperties(p.post.platform, p.post.author!.additional_properties)).toMatchObject({ ok: true });
    }
    const languages = new Map<string, number>();
    for (const p of out) languages.set(p.post.language!, (languages.get(p.post.language!) ?? 0) + 1);
    expect([...languages.keys()].sort()).toEqual(['en', 'es', 'zh']);
    expect(languages.get('es')! / out.length).toBeGreaterThan(0.05);
    expect(languages.get('zh')! / out.length).toBeGreaterThan(0.03);
    const perAccount = new Map<string, number>();
    for (const p of out) perAccount.set(p.post.author!.rid, (perAccount.get(p.post.author!.rid) ?? 0) + 1);
    const counts = [...perAccount.values()].sort((a, b) => b - a);
    // Heavy tail: the top 1 % of accounts write far more than the median account.
    expect(counts[Math.floor(counts.length * 0.01)]!).toBeGreaterThan(8 * counts[Math.floor(counts.length / 2)]!);
  });

  it('has narratives for the nine themes plus chatter, URLs, hashtags, reposts, quotes and replies', () => {
    const narratives = new Set(out.map((p) => p.narrative));
    for (const theme of THEMES) expect(narratives.has(theme), theme).toBe(true);
    expect([...narratives].filter((n) => n.startsWith('chatter.')).length).toBeGreaterThanOrEqual(8);
    const normalized = out.map((p) => normalizePost(p.post));
    expect(normalized.filter((p) => p.urls.length > 0).length / out.length).toBeGreaterThan(0.1);
    expect(normalized.filter((p) => p.hashtags.length > 0).length / out.length).toBeGreaterThan(0.1);
    expect(new Set(normalized.flatMap((p) => p.domains)).size).toBeGreaterThan(20);
    expect(out.filter((p) => p.post.repost_of).length / out.length).toBeGreaterThan(0.05);
    expect(out.filter((p) => p.post.quote_of).length).toBeGreaterThan(50);
    expect(out.filter((p) => p.post.reply_to).length).toBeGreaterThan(100);
    // Reposts point at earlier posts of the same platform and copy their text.
    const byKey = new Map(out.map((p, i) => [keyOf(p.post.platform, p.post.rid), i]));
    for (const [i, p] of out.entries()) {
      if (!p.post.repost_of) continue;
      const target = byKey.get(keyOf(p.post.platform, p.post.repost_of));
      expect(target).toBeDefined();
      expect(target!).toBeLessThan(i);
      expect(p.post.body).toBe(out[target!]!.post.body);
    }
    // Topic Radar-style queries find their theme's posts.
    const tariffs = compileMatcher((parseQuery('tariff OR tariffs OR aranceles OR 关税') as { ok: true; ast: never }).ast);
    const hits = out.filter((p) => tariffs(`${p.post.title ?? ''}\n${p.post.body}`));
    expect(hits.filter((p) => p.narrative === 'TARIFF').length / hits.length).toBeGreaterThan(0.9);
  });

  it('labels threats of violence and non-threatening violent words (news, games)', () => {
    const threats = out.filter((p) => p.threat);
    expect(threats.length).toBeGreaterThan(5);
    expect(threats.length / out.length).toBeLessThan(0.02);
    const kinds = new Set(out.filter((p) => p.violence && !p.threat).map((p) => p.violence));
    for (const kind of ['news', 'gaming', 'idiom', 'negated', 'reported']) expect(kinds.has(kind), kind).toBe(true);
  });

  it('plants campaigns of all eight evidence types, diluted in their accounts\' ordinary activity', () => {
    const types = new Set(g.campaigns.flatMap((c) => c.truth.evidence_types));
    expect([...types].sort()).toEqual([...EVIDENCE_TYPES].sort());
    const authored = new Map<string, number>();
    for (const p of out) authored.set(keyOf(p.post.platform, p.post.author!.rid), (authored.get(keyOf(p.post.platform, p.post.author!.rid)) ?? 0) + 1);
    const postTime = new Map(out.map((p) => [keyOf(p.post.platform, p.post.rid), Date.parse(p.post.published_at)]));
    for (const c of g.campaigns) {
      expect(c.truth.accounts.length).toBeGreaterThanOrEqual(5);
      const accounts = g.accounts.filter((a) => a.campaign === c.id);
      const type = c.truth.evidence_types[0]!;
      if (type === 'SIMILAR_SCREEN_NAMES') {
        const skeletons = new Set(accounts.map((a) => a.screen_name.replace(/\d/g, '#')));
        expect(skeletons).toEqual(new Set([c.truth.account_key]));
      } else if (type === 'SAME_PROFILE_URL') {
        const normal = new Set(accounts.map((a) => a.url!.replace(/^https?:\/\/(www\.)?/, '').replace(/[/?].*$/, '')));
        expect(normal.size).toBe(1);
      } else if (type === 'SYNCHRONOUS_ACCOUNT_CREATION') {
        const created = accounts.map((a) => Date.parse(a.created_at));
        expect(Math.max(...created) - Math.min(...created)).toBeLessThanOrEqual(300_000);
      } else {
        // Each round's acts fall inside the campaign's window.
        const rounds = new Map<string, number[]>();
        for (const p of c.truth.posts) rounds.set(`${p.evidence_type}:${p.round}`, [...(rounds.get(`${p.evidence_type}:${p.round}`) ?? []), postTime.get(p.post)!]);
        for (const times of rounds.values()) expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(c.truth.window_seconds! * 1000);
        // Coordinated acts are 10-30 % of each account's activity (allowing for rounding on small accounts).
        const acts = new Map<string, number>();
        for (const p of c.truth.posts) {
          const author = out.find((o) => keyOf(o.post.platform, o.post.rid) === p.post)!.post.author!.rid;
          acts.set(author, (acts.get(author) ?? 0) + 1);
        }
        for (const [author, k] of acts) {
          const share = k / authored.get(keyOf(c.platform, author))!;
          expect(share, `${c.id} ${author}`).toBeGreaterThan(0.05);
          expect(share, `${c.id} ${author}`).toBeLessThan(0.45);
        }
      }
    }
    expect(g.bursts.map((b) => b.kind).sort()).toEqual(['trending_hashtag', 'viral_repost', 'viral_url']);
  });

  it('refuses sizes outside its range', () => {
    expect(() => new CorpusGenerator({ seed: 'x', posts: 10, now: NOW })).toThrow('the demo corpus size must be an integer from 5000 to 10000000');
  });
});
