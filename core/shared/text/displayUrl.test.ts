import { describe, expect, it } from 'vitest';
import { URL_DISPLAY_LENGTH, displayUrl } from './displayUrl';

describe('displayUrl', () => {
  it('keeps URLs of up to 25 characters whole and cuts longer ones to 25 with an ellipsis', () => {
    expect(URL_DISPLAY_LENGTH).toBe(25);
    expect(displayUrl('https://example.org/a')).toBe('https://example.org/a');
    const exact = 'https://example.org/abcde';
    expect([...exact]).toHaveLength(25);
    expect(displayUrl(exact)).toBe(exact);
    const cut = displayUrl('https://example.org/a/very/long/path?with=query');
    expect(cut).toBe('https://example.org/a/ve…');
    expect([...cut]).toHaveLength(25);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const cut = displayUrl(`https://例え.jp/${'😀'.repeat(30)}`);
    expect([...cut]).toHaveLength(25);
    expect(cut.endsWith('😀…')).toBe(true);
  });
});
