import { describe, expect, it } from 'vitest';
import { tweetEvalSentiment } from '../../evaluation/datasets';
import { detectLanguage, detectLanguageDetailed } from './detectLanguage';

describe('detectLanguage', () => {
  it.each([
    ['The president said the new law will help families across the country', 'en'],
    ['Damn, running late sucks.', 'en'],
    ['Hoy es un día muy bonito para ir a la playa con mis amigos', 'es'],
    ['¿Dónde está la estación de tren?', 'es'],
    ['te quiero mucho', 'es'],
    ['今天天气很好，我们去公园吧', 'zh'],
    ['這個政府太腐敗了', 'zh'],
    ['Eu não sei o que fazer com isso', 'pt'],
    ['Je ne sais pas ce que tu veux dire', 'fr'],
    ['Das ist nicht gut für uns', 'de'],
    ['今日はとても暑いですね', 'ja'],
    ['오늘 날씨가 정말 좋네요', 'ko'],
  ])('%s -> %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('answers und when there is nothing to go on', () => {
    for (const text of ['', 'ok', '😂😂😂', 'https://t.co/abc @user #tbt', '12345']) expect(detectLanguage(text)).toBe('und');
  });

  it('ignores URLs, mentions and hashtags around Spanish text', () => {
    expect(detectLanguage('@user mira esto https://example.com/news #noticias es lo que pasa en el país')).toBe('es');
  });

  it('decides English tweets without the n-gram fallback almost always (>= 99 % English on TweetEval)', () => {
    const rows = tweetEvalSentiment();
    const results = rows.map((r) => detectLanguageDetailed(r.text));
    expect(results.filter((r) => r.language === 'en').length / rows.length).toBeGreaterThanOrEqual(0.99);
    expect(results.filter((r) => r.method === 'ngrams').length / rows.length).toBeLessThan(0.02);
  });
});
