import { describe, expect, it } from 'vitest';
import { ambiguousClaims, ownerOfPath, prefixCovers } from './prefixes';

const claims = [
  { owner: 'conversations', prefix: '/api/v2/conversations' },
  { owner: 'posts', prefix: '/api/v2/conversations/:conversationId/raw_data' },
  { owner: 'topics', prefix: '/api/v2/conversations/:conversationId/topics' },
  { owner: 'coordination', prefix: '/api/v2/coordinations' },
];

describe('route ownership by the most specific prefix', () => {
  it('matches whole segments and lets :params stand for any segment', () => {
    expect(prefixCovers('/api/v2/conversations', '/api/v2/conversations/:id')).toBe(true);
    expect(prefixCovers('/api/v2/conversation', '/api/v2/conversations')).toBe(false);
    expect(prefixCovers('/api/v2/conversations/:id/raw_data', '/api/v2/conversations/:conversationId/raw_data')).toBe(true);
    expect(prefixCovers('/api/v2/conversations/:id/raw_data', '/api/v2/conversations/:id')).toBe(false);
  });

  it('gives each path to the plugin with the most specific claim', () => {
    expect(ownerOfPath('/api/v2/conversations/:id', claims)?.owner).toBe('conversations');
    expect(ownerOfPath('/api/v2/conversations/:id/raw_data', claims)?.owner).toBe('posts');
    expect(ownerOfPath('/api/v2/conversations/:id/topics', claims)?.owner).toBe('topics');
    expect(ownerOfPath('/api/v2/coordinations/:clusterId/edge', claims)?.owner).toBe('coordination');
    expect(ownerOfPath('/api/v2/insights', claims)).toBeNull();
  });

  it('reports two plugins claiming the same path shape', () => {
    expect(ambiguousClaims([...claims, { owner: 'topics', prefix: '/api/v2/conversations/:id/raw_data' }]))
      .toEqual(["prefix '/api/v2/conversations/:id/raw_data' is claimed by both 'posts' and 'topics'"]);
    expect(ambiguousClaims(claims)).toEqual([]);
  });
});
