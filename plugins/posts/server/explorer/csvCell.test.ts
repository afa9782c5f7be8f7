import { describe, expect, it } from 'vitest';
import { csvCell } from './exportStream';

describe('CSV cells of the export', () => {
  it('neutralises text a spreadsheet would run as a formula, ASCII and full-width', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('＝1+2')).toBe("'＝1+2");
    expect(csvCell('＋cmd')).toBe("'＋cmd");
  });

  it('keeps numbers as numbers, negative ones too, and quotes commas, quotes and line breaks', () => {
    expect(csvCell(-0.3)).toBe('-0.3');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell(['x', 'y'])).toBe('x y');
  });
});
