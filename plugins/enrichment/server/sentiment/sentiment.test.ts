import { describe, expect, it } from 'vitest';
import { classifySentiment } from './classifySentiment';
import { englishValence } from './english';

const label = (text: string, language = 'en') => classifySentiment(text, language).label;

describe('English sentiment rules', () => {
  it('reads plain polarity and stays neutral on facts', () => {
    expect(label('I love this, what a wonderful day')).toBe('POSITIVE');
    expect(label('This is terrible, I hate it')).toBe('NEGATIVE');
    expect(label('The meeting is at 3pm in room 4')).toBe('NEUTRAL');
  });

  it('flips negated words and dampens them', () => {
    expect(label('This is not good')).toBe('NEGATIVE');
    expect(englishValence('not bad at all').compound).toBeGreaterThan(0);
    expect(englishValence("I don't hate it").compound).toBeGreaterThan(englishValence('I hate it').compound);
  });

  it('boosts with intensifiers, capitals and exclamation marks', () => {
    const base = englishValence('the food was good').compound;
    expect(englishValence('the food was very good').compound).toBeGreaterThan(base);
    expect(englishValence('the food was GOOD').compound).toBeGreaterThan(base);
    expect(englishValence('the food was good!!!').compound).toBeGreaterThan(base);
    expect(englishValence('the food was slightly good').compound).toBeLessThan(base);
  });

  it('weighs the clause after "but" more', () => {
    expect(label('The hotel was nice but the service was awful and rude')).toBe('NEGATIVE');
    expect(label('The start was awful but the ending was brilliant and I loved it')).toBe('POSITIVE');
  });

  it('reads emoji, emoticons, elongations, hashtags and "can\'t wait"', () => {
    expect(label('new job tomorrow 😍🎉')).toBe('POSITIVE');
    expect(label('missed the bus again 😭😡')).toBe('NEGATIVE');
    expect(label('so tired :(')).toBe('NEGATIVE');
    expect(label('this is soooo goooood')).toBe('POSITIVE');
    expect(label('#blessed with my family')).toBe('POSITIVE');
    expect(label("Can't wait for the concert on Friday")).toBe('POSITIVE');
  });
});

describe('Spanish and Chinese sentiment', () => {
  it('Spanish lexicon with negation and boosters', () => {
    expect(label('Qué día tan bonito, estoy muy feliz', 'es')).toBe('POSITIVE');
    expect(label('Este gobierno es corrupto y mentiroso', 'es')).toBe('NEGATIVE');
    expect(label('No es bueno', 'es')).toBe('NEGATIVE');
    expect(label('El tren sale a las ocho', 'es')).toBe('NEUTRAL');
  });

  it('Chinese through Intl.Segmenter, simplified and traditional', () => {
    expect(label('今天天气很好，我很开心', 'zh')).toBe('POSITIVE');
    expect(label('这个政府太腐败了，真让人失望', 'zh')).toBe('NEGATIVE');
    expect(label('這個結果讓人失望', 'zh')).toBe('NEGATIVE');
    expect(label('会议在三点开始', 'zh')).toBe('NEUTRAL');
  });

  it('falls back to emoji for Spanish or Chinese posts without lexicon words', () => {
    expect(label('mañana 🎉🎉', 'es')).toBe('POSITIVE');
    expect(label('明天 😭', 'zh')).toBe('NEGATIVE');
  });
});
