import { describe, expect, it } from 'vitest';
import { extractEntities } from './extractEntities';

const typed = (text: string, language = 'en') => extractEntities(text, language).map((e) => `${e.type}:${e.text}`);

describe('extractEntities', () => {
  it('finds hashtags and mentions with offsets and lower-case keys', () => {
    const entities = extractEntities('Thanks @Jane_Doe for #StopTheSteal coverage, cc @bob. mail a@b.com');
    expect(entities.map((e) => [e.type, e.text, e.key, e.start])).toEqual([
      ['MENTION', '@Jane_Doe', '@jane_doe', 7],
      ['HASHTAG', '#StopTheSteal', '#stopthesteal', 21],
      ['MENTION', '@bob', '@bob', 48],
    ]);
  });

  it('types people, organisations and places', () => {
    expect(typed('President Joe Biden met Prime Minister Rishi Sunak in Washington.')).toEqual(['PERSON:Joe Biden', 'PERSON:Rishi Sunak', 'PLACE:Washington']);
    expect(typed('The FBI and the University of Texas said Bank of America was fine')).toEqual(['ORGANIZATION:FBI', 'ORGANIZATION:University of Texas', 'ORGANIZATION:Bank of America']);
    expect(typed('Gentle Yoga with Laura at 9:30 in Detroit')).toEqual(['PERSON:Laura', 'PLACE:Detroit']);
    expect(typed("Barack Obama's speech in New York")).toEqual(['PERSON:Barack Obama', 'PLACE:New York']);
  });

  it('works on Spanish names and head-first places', () => {
    expect(typed('El presidente Andrés Manuel López Obrador visitó la Ciudad de México y el Banco de México.', 'es'))
      .toEqual(['PERSON:Andrés Manuel López Obrador', 'PLACE:Ciudad de México', 'ORGANIZATION:Banco de México']);
  });

  it('finds Weibo topics and mentions in Chinese', () => {
    expect(typed('#两会# 今天在北京 @人民日报', 'zh')).toEqual(['HASHTAG:#两会#', 'MENTION:@人民日报']);
  });

  it('leaves out capitalised words nothing identifies, and words inside URLs', () => {
    expect(typed('Great Game Tonight, Absolutely Amazing https://example.com/New-York')).toEqual([]);
    expect(typed('Hope you are well')).toEqual([]);
  });

  it('counts an entity once', () => {
    expect(typed('#a #A @x @X Paris and Paris')).toEqual(['HASHTAG:#a', 'MENTION:@x', 'PLACE:Paris']);
  });
});

describe('titles and acronym words', () => {
  const named = (text: string) => extractEntities(text).filter((e) => e.type !== 'HASHTAG' && e.type !== 'MENTION').map((e) => [e.text, e.type]);

  it('reads "CEO of Sunmart" as the organisation, not a person called "of Sunmart"', () => {
    expect(named('The CEO of Sunmart says the boycott is based on misinformation.')).toEqual([['Sunmart', 'ORGANIZATION']]);
  });

  it('does not take the word "Who" for the WHO', () => {
    expect(named('Who is paying for this?')).toEqual([]);
    expect(named('The WHO issued new guidance.')).toEqual([['WHO', 'ORGANIZATION']]);
  });
});
