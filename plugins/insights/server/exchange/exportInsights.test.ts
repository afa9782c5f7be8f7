import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Insight } from '../../shared/api';
import { EXPORT_COLUMNS } from './columns';
import { csvText, unneutralise } from '@core/shared/csv/cells';
import { exportInsightsCsv, exportInsightsJson } from './exportInsights';
import { importInsights } from './importInsights';
import { asValid, sampleInsights, storedInsight } from './testing/insights';

describe('CSV export', () => {
  it('writes a BOM, the header and one CRLF-terminated row per insight', () => {
    const csv = exportInsightsCsv([storedInsight()]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row, end] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'analyzable_type,analyzable_id,platform,user_id,screen_name,link,user_class,name,country_of_origin,operating_country,' +
      'state_association,region,language,subcategory,role,confidence,permanence,status,source,created_at,updated_at,' +
      'edited_by,reviewed_by,reviewed_at');
    expect(row).toBe(
      'account,1234567890,twitter,1234567890,rt_com,https://x.com/rt_com,TwitterUser,RT,Russia,Russia,Russia,Europe,en; ru,' +
      'Russian State Media,Media Outlet,high,permanent,approved,manual,2026-03-01T10:00:00.000Z,2026-03-02T11:30:15.250Z,' +
      'Bo Analyst,Ada Senior,2026-03-02T12:00:00.000Z');
    expect(end).toBe('');
    expect(exportInsightsCsv([])).toBe(`\uFEFF${EXPORT_COLUMNS.join(',')}\r\n`);
  });

  it('quotes per RFC 4180 and neutralises formulas with an apostrophe', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    for (const sign of ['=', '+', '-', '@', '\t', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) expect(csvText(`${sign}1`)).toBe(`'${sign}1`);
    expect(csvText('\r1')).toBe('"\'\r1"');
    expect(csvText('=SUM(A1,B1)')).toBe('"\'=SUM(A1,B1)"');
    expect(csvText("'=1")).toBe("''=1");
    expect(csvText("'plain")).toBe("'plain");
    expect(csvText(null)).toBe('');
    const rows = exportInsightsCsv(sampleInsights()).split('\r\n');
    expect(rows[3]).toContain(`'-dash_handle`);
    expect(rows[3]).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it('is undone by the import, for any text', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', "'", '=', '+', '-', '@', '\t', '\r', '\n', ',', '"', ' ', '\uFF1D') }), (text) => {
      const rows = parse(`${csvText(text) || '""'}\r\n`) as string[][];
      expect(unneutralise(rows[0]![0]!)).toBe(text);
    }));
  });

  it('re-imports to the same insights', () => {
    // The fourth sample's handle holds a line break: its row spans two lines, so the row after it starts on line 6.
    const [a, b, c, d] = sampleInsights();
    const result = importInsights(exportInsightsCsv([a!, b!, d!, c!]), 'csv');
    expect(result).toEqual({
      ok: true, refused: [],
      accepted: [[2, a], [3, b], [4, d], [6, c]].map(([line, i]) => ({ line, insight: asValid(i as Insight) })),
    });
  });
});

describe('JSON export', () => {
  it('is the array of insight objects, and re-imports to the same insights', () => {
    const insights = sampleInsights();
    const json = exportInsightsJson(insights);
    expect(JSON.parse(json)).toEqual(insights);
    const result = importInsights(json, 'json');
    expect(result.ok && result.refused).toEqual([]);
    expect(result.ok && result.accepted.map((a) => a.insight)).toEqual(insights.map(asValid));
  });
});
