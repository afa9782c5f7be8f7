import { describe, expect, it } from 'vitest';
import { enrichBatch, enrichPost, postText } from './enrichPost';

describe('enrichPost', () => {
  it('fills every field of the enrichment record', () => {
    const r = enrichPost({
      platform: 'twitter',
      body: 'Senator Jane Smith, I will shoot you at the rally #StopTheSteal @janesmith https://bit.ly/3xYz?utm_source=tw',
      urls: [{ url: 'https://t.co/a', expanded_url: 'https://www.example.com/story?fbclid=1' }],
    });
    expect(r.language).toBe('en');
    expect(r.sentiment).toBe('NEGATIVE');
    expect(r.threats_of_violence.threat).toBe(true);
    expect(r.threats_of_violence.evidence).toContain('verb:shoot');
    expect(r.entities.map((e) => `${e.type}:${e.text}`)).toEqual(['PERSON:Jane Smith', 'HASHTAG:#StopTheSteal', 'MENTION:@janesmith']);
    expect(r.first_ngram).toBe('senator jane smith');
    expect(r.urls.map((u) => u.url)).toEqual(['https://example.com/story', 'https://bit.ly/3xYz']);
    expect(r.domains).toEqual(['example.com', 'bit.ly']);
  });

  it('handles Spanish and Chinese posts', () => {
    expect(enrichPost({ body: 'Qué alegría, ganamos el partido en Buenos Aires' })).toMatchObject({ language: 'es', sentiment: 'POSITIVE' });
    expect(enrichPost({ body: '这个结果太糟糕了，我很失望' })).toMatchObject({ language: 'zh', sentiment: 'NEGATIVE', first_ngram: '结果太糟糕' });
  });

  it('uses the platform language when given and falls back to title or subject', () => {
    expect(enrichPost({ body: 'ok', language: 'es' }).language).toBe('es');
    expect(postText({ title: 'Title', body: '' })).toBe('Title');
    expect(enrichPost({ subject: 'Great news today', body: null }).sentiment).toBe('POSITIVE');
  });

  it('never throws on empty or odd input', () => {
    for (const post of [{}, { body: '' }, { body: 'constructor toString __proto__ hasOwnProperty kill constructor' }, { body: '\u0000\uFFFF' }, { body: 'x'.repeat(100_000) }, { urls: 42 as unknown }]) {
      const r = enrichPost(post);
      expect(r.sentiment).toBeDefined();
    }
  });
});

describe('enrichBatch', () => {
  it('adds the per-platform engagement level', () => {
    const posts = [0, 1, 2, 3].map((likes) => ({ platform: 'twitter', body: `post ${likes}`, additional_properties: { likes, replies: 0, retweets: 0 } }));
    expect(enrichBatch(posts).map((r) => r.engagement_score)).toEqual(['low', 'medium', 'medium', 'high']);
    expect(enrichBatch([{ platform: 'board', body: 'x' }])[0]!.engagement_score).toBeNull();
  });
});
