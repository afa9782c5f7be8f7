import { describe, expect, it } from 'vitest';
import { cleanNgrams, NO_KEYPHRASES } from '../../shared/types';
import { extractKeyphrases } from './keyphrases';

const en = (texts: string[]) => texts.map((text) => ({ text, language: 'en' }));
const OPTS = { maxKeyphrases: 5, maxWords: 10, minPhraseShare: 0.01 };

describe('extractKeyphrases', () => {
  const topics = [
    en(['The prime minister resigned today', 'prime minister under pressure', 'Calls for the prime minister to go', 'minister of health speaks']),
    en(['Heavy rain floods the valley', 'floods close roads in the valley', 'rain again tomorrow', 'valley residents evacuated after floods']),
  ];

  it('ranks terms frequent in the topic and rare elsewhere, and prefers the phrase to its word', () => {
    const [a, b] = extractKeyphrases(topics, OPTS);
    expect(a!.ngrams[0]).toBe('prime minister');
    expect(a!.ngrams).not.toContain('prime');
    expect(b!.ngrams.slice(0, 2).sort()).toEqual(['floods', 'valley']);
    expect(b!.words).toContain('rain');
    expect(a!.words).not.toContain('floods');
  });

  it('needs two posts for a phrase and keeps stop words out', () => {
    const [a] = extractKeyphrases(topics, OPTS);
    expect(a!.ngrams).not.toContain('minister health');
    for (const k of a!.ngrams) expect(k.split(' ')).not.toContain('the');
  });

  it('gives the placeholder when nothing repeats, and cleanNgrams drops it', () => {
    const [a] = extractKeyphrases([en(['lonely words here'])], OPTS);
    // One post: single words need min(2, size) = 1 post, so words appear; a topic of stop words has none.
    expect(a!.ngrams.length).toBeGreaterThan(0);
    const [empty] = extractKeyphrases([en(['the and of', 'is it'])], OPTS);
    expect(empty!.ngrams).toEqual([NO_KEYPHRASES]);
    expect(cleanNgrams(empty!.ngrams)).toEqual([]);
    expect(cleanNgrams([NO_KEYPHRASES, 'x'])).toEqual(['x']);
    expect(cleanNgrams(['x', NO_KEYPHRASES])).toEqual(['x', NO_KEYPHRASES]);
  });

  it('shows the spelling used in the posts (accents) and joins Chinese words without spaces', () => {
    const [es, zh] = extractKeyphrases([
      [{ text: 'la política económica', language: 'es' }, { text: 'política económica hoy', language: 'es' }],
      [{ text: '人工智能发展很快', language: 'zh' }, { text: '人工智能发展', language: 'zh' }],
    ], OPTS);
    expect(es!.ngrams[0]).toBe('política económica');
    expect(zh!.ngrams.some((k) => /^人工智能/.test(k) && !k.includes(' '))).toBe(true);
  });
});
