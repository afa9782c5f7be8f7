import { describe, expect, it } from 'vitest';
import { layoutIdFor, loginRedirectFor } from './routes';

describe('layoutIdFor', () => {
  it('maps tabs and explorer subtabs to built-in layout ids', () => {
    expect(layoutIdFor('alerts', undefined)).toBe('alerts');
    expect(layoutIdFor('explorer', 'network-navigator')).toBe('explorer.network-navigator');
    expect(layoutIdFor('explorer', 'urls')).toBe('explorer.urls');
    expect(layoutIdFor('explorer', undefined)).toBe('explorer.posts');
    expect(layoutIdFor(undefined, undefined)).toBe('dashboard');
    expect(layoutIdFor('nonsense', 'x')).toBe('dashboard');
  });
});

describe('loginRedirectFor', () => {
  it('keeps the original path in next, except for / and /login', () => {
    expect(loginRedirectFor('/conversations/abc/explorer/posts?viz%3Apreset=narrative')).toEqual({
      to: '/login', search: { next: '/conversations/abc/explorer/posts?viz%3Apreset=narrative' },
    });
    expect(loginRedirectFor('/')).toEqual({ to: '/login', search: {} });
    expect(loginRedirectFor('/login?next=/x')).toEqual({ to: '/login', search: {} });
  });
});
