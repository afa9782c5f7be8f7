import { describe, expect, it } from 'vitest';
import { extractiveTitle, MAX_TITLE, phraseTitle } from './titles';

describe('narrative titles that read as a phrase', () => {
  it('takes the exemplar sentence sharing the most words with the keyphrases', () => {
    const exemplar = 'Wow. Tariffs are bringing factories home, and Ohio is opening a plant! Prices will go up though.';
    expect(phraseTitle(['tariffs bringing factories', 'opening plant', 'higher prices tariffs'], exemplar))
      .toBe('Tariffs are bringing factories home, and Ohio is opening a plant');
  });

  it('drops links, mentions, trailing hashtags and emoji, and cuts long sentences at a clause', () => {
    const exemplar = '@news 🚨 Union dues are a scam, my paycheck was better before the vote and the consultants who fought the union knew it all along https://x.example/a #unions #labor';
    const title = phraseTitle(['union dues scam', 'paycheck better vote'], exemplar)!;
    expect(title).toBe('Union dues are a scam');
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE);
    const long = 'Teachers across the state say the new testing rules take weeks of class time away from reading and maths every single year';
    const cut = phraseTitle(['testing rules', 'class time'], long)!;
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(MAX_TITLE + 1);
  });

  it('falls back to the joined keyphrases when the exemplar has no sentence of three words', () => {
    expect(extractiveTitle(['mail ballots', 'stolen votes'], 'Wow!! https://x.example', 4, 0.5).title).toBe('Mail ballots · stolen votes');
    expect(extractiveTitle([], '', 1, 0.001).title).toBe('Untitled topic');
  });

  it('keeps the description: size, share, keyphrases and the quoted exemplar', () => {
    const { title, description } = extractiveTitle(['count every ballot'], 'Count every ballot before you call it.', 12, 0.25);
    expect(title).toBe('Count every ballot before you call it');
    expect(description).toBe('12 posts (25% of the conversation) about count every ballot. Representative post: "Count every ballot before you call it."');
  });
});
