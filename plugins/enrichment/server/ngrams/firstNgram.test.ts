import { describe, expect, it } from 'vitest';
import { firstNgram } from './firstNgram';

describe('firstNgram', () => {
  it.each([
    ['Dark Souls 3 April Launch Date Confirmed With New Trailer', 'en', 'dark souls'],
    ['When girls become bandwagon fans of the Packers', 'en', 'girls become bandwagon'],
    ['RT @user: Breaking news from the capital tonight https://t.co/x', 'en', 'breaking news'],
    ['I love it', 'en', 'love'],
    ['El presidente visitó la ciudad de México', 'es', 'presidente visitó'],
    ['今天天气很好，我们去公园吧', 'zh', '今天天气很好'],
  ])('%s -> %s', (text, language, expected) => {
    expect(firstNgram(text, language)).toBe(expected);
  });

  it('is null when no content word is left', () => {
    for (const text of ['', '@a @b https://x.com', '#tbt', 'it is what it is', '123 456']) expect(firstNgram(text)).toBeNull();
  });

  it('caps the n-gram at three words', () => {
    expect(firstNgram('Massive protest crowds gather downtown against corruption')).toBe('massive protest crowds');
  });
});
