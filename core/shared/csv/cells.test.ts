import { describe, expect, it } from 'vitest';
import { csvLine, csvText, unneutralise } from './cells';

describe('CSV cells (every export)', () => {
  it('neutralises a leading formula sign, full-width forms included, and quotes per RFC 4180', () => {
    expect(['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '＝1', '＠x'].map(csvText)).toEqual(["'=SUM(A1)", "'+1", "'-1", "'@cmd", "'\tx", "'＝1", "'＠x"]);
    expect(csvText('a,"b"\nc')).toBe('"a,""b""\nc"');
    expect(csvText('\rcmd')).toBe(`"'\rcmd"`);
    expect([null, undefined, ''].map(csvText)).toEqual(['', '', '']);
  });

  it('reverses exactly what it added, and leaves other apostrophes alone', () => {
    for (const text of ['=1', "'=1", "''+2", "'abc", 'plain', "it's"]) expect(unneutralise(csvText(text).replace(/^"|"$/g, ''))).toBe(text);
    expect(csvText("'abc")).toBe("'abc");
  });

  it('writes a CRLF-terminated line', () => {
    expect(csvLine(['a', null, '=b'])).toBe("a,,'=b\r\n");
  });
});
