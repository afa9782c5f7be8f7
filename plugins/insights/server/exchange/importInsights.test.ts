import { describe, expect, it } from 'vitest';
import { INSIGHT_MESSAGES } from '../../shared/api';
import { IMPORT_COLUMNS } from './columns';
import { importFormatOf, importInsights, type ImportOutcome } from './importInsights';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, JSON_PROBLEMS } from './messages';

const M = IMPORT_MESSAGES;
const HEADER = 'analyzable_type,platform,screen_name,name,analyzable_id,subcategory';

function ok(outcome: ImportOutcome) {
  if (!outcome.ok) throw new Error(`refused: ${outcome.error}`);
  return outcome;
}
const acceptedLines = (outcome: ImportOutcome) => ok(outcome).accepted.map((a) => a.line);
const refusedOf = (outcome: ImportOutcome) => ok(outcome).refused;
const fileError = (outcome: ImportOutcome) => (outcome.ok ? null : outcome.error);

describe('import messages', () => {
  it('reads as the issue words them', () => {
    expect(M.row(7, INSIGHT_MESSAGES.accountIdentification)).toBe('Line 7: At least one Account Identification field is required.');
    expect(M.tooLarge).toBe('The file is larger than 5 MB.');
    expect(M.tooManyRows).toBe('The file has more than 10,000 rows.');
    expect(M.empty).toBe('The file holds no insights.');
    expect(M.notUtf8).toBe('The file is not UTF-8 text.');
    expect(M.noTypeColumn).toBe('The file has no analyzable_type column.');
    expect(M.unknownColumns(['handle', 'notes'])).toBe(
      'The file has unknown columns: handle, notes. The columns are analyzable_type, analyzable_id, platform, user_id, ' +
      'screen_name, link, user_class, name, country_of_origin, operating_country, state_association, region, language, ' +
      'subcategory, role, confidence, permanence.');
    expect(M.duplicateColumn('name')).toBe('The column name appears more than once.');
    expect(M.unnamedColumn(3)).toBe('Column 3 has values but no name.');
    expect(M.unclosedQuote(4)).toBe('Line 4: A quoted field is not closed.');
    expect(M.misplacedQuote(2)).toBe('Line 2: A field has a misplaced quote (quote a field whole and double the quotes inside it).');
    expect(M.malformedJson(3, JSON_PROBLEMS.name)).toBe('Line 3: The JSON is malformed: a property name in double quotes was expected.');
    expect(M.notObject).toBe('An insight must be a JSON object.');
    expect(M.fieldCount(8, 6)).toBe('The row has 8 fields but the header has 6.');
    expect(M.confidence).toBe('Confidence must be low, medium or high.');
    expect(M.permanence).toBe('Permanence must be permanent or temporary.');
    expect(M.mustBeText('user_id')).toBe('The field user_id must be text.');
    expect(M.mustBeList('additional_properties.language')).toBe('The field additional_properties.language must be a list of text.');
    expect(M.mustBeObject('additional_properties')).toBe('The field additional_properties must be an object.');
    expect(M.duplicate(4)).toBe('This account or domain is already on line 4.');
    for (const message of [...Object.values(M).filter((m) => typeof m === 'string'), ...Object.values(JSON_PROBLEMS).map((p) => M.malformedJson(1, p))]) {
      expect(message).toMatch(/^[A-Z].*\.$/s);
    }
  });
});

describe('CSV import', () => {
  it('accepts accounts and domains, with header names in any case and padded', () => {
    const csv = [' Analyzable_Type ,PLATFORM,Screen_Name,Name,analyzable_id,Subcategory, language , confidence',
      'Account,Twitter,@rt_com,RT,,Russian State Media|Other,en; ru ,High',
      'domain,,,Example,https://WWW.Example.com/a,Conspiracy Outlet,,'].join('\n');
    const result = ok(importInsights(csv, 'csv'));
    expect(result.refused).toEqual([]);
    expect(result.accepted).toEqual([
      { line: 2, insight: {
        analyzable_type: 'account', analyzable_id: null, platform: 'twitter', user_id: null, screen_name: 'rt_com', link: null,
        user_class: null, confidence: 'high', permanence: null,
        properties: { name: 'RT', country_of_origin: null, operating_country: null, state_association: null, region: null,
          role: null, language: ['en', 'ru'], subcategory: ['Russian State Media', 'Other'] },
      } },
      { line: 3, insight: expect.objectContaining({ analyzable_type: 'domain', analyzable_id: 'www.example.com', platform: null }) },
    ]);
  });

  it("refuses rows with section 5's messages, prefixed with their line", () => {
    const csv = [HEADER, 'account,twitter,,,,', 'account,,someone,,,', 'account,,,,,', 'robot,twitter,x,,,',
      'domain,,,Outlet only,example.com,', 'domain,,,Name,localhost,Other', 'account,twitter,ok,,,'].join('\n');
    expect(refusedOf(importInsights(csv, 'csv'))).toEqual([
      { line: 2, errors: ['Line 2: At least one Account Identification field is required.'] },
      { line: 3, errors: ['Line 3: Platform is required.'] },
      { line: 4, errors: ['Line 4: Platform is required.', 'Line 4: At least one Account Identification field is required.'] },
      { line: 5, errors: ['Line 5: unknown insight type selected'] },
      { line: 6, errors: ['Line 6: FQDN, and at least one other field besides Outlet, are required.'] },
      { line: 7, errors: ['Line 7: a fully-qualified domain name, including TLD, must be provided.'] },
    ]);
    expect(acceptedLines(importInsights(csv, 'csv'))).toEqual([8]);
  });

  it('refuses an unknown confidence or permanence', () => {
    const csv = 'analyzable_type,platform,screen_name,confidence,permanence\naccount,twitter,a,sure,\naccount,twitter,b,,forever\n';
    expect(refusedOf(importInsights(csv, 'csv'))).toEqual([
      { line: 2, errors: [M.row(2, M.confidence)] },
      { line: 3, errors: [M.row(3, M.permanence)] },
    ]);
  });

  it('reports the line where a row starts when quoted fields hold line breaks (LF, CRLF, CR), after a BOM and blank lines', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const csv = '\uFEFF' + [HEADER, `account,twitter,"multi${eol}line${eol}handle",,,`, '', `account,twitter,,"Name${eol}${eol}on four lines${eol}",,`,
        'account,,x,,,', ''].join(eol);
      const result = ok(importInsights(csv, 'csv'));
      expect(result.accepted.map((a) => a.line), JSON.stringify(eol)).toEqual([2, 6]);
      expect(result.accepted[0]!.insight.screen_name).toBe(`multi${eol}line${eol}handle`);
      expect(result.refused, JSON.stringify(eol)).toEqual([{ line: 10, errors: [M.row(10, INSIGHT_MESSAGES.platformRequired)] }]);
    }
  });

  it('refuses a malformed file with the line of the faulty field', () => {
    for (const eol of ['\n', '\r\n']) {
      const unclosed = [HEADER, 'account,twitter,"two', 'lines",,,', 'account,twitter,x,"never closed,,', 'account,twitter,y,,,'].join(eol);
      expect(fileError(importInsights(unclosed, 'csv'))).toBe('Line 4: A quoted field is not closed.');
      expect(fileError(importInsights([HEADER, 'account,twitter,"a', 'b",x"y,,,'].join(eol), 'csv'))).toBe(M.misplacedQuote(3));
      expect(fileError(importInsights([HEADER, '', 'account,twitter,"closed"then more,,,'].join(eol), 'csv'))).toBe(M.misplacedQuote(3));
    }
  });

  it('refuses unknown, repeated or missing columns, and values under an unnamed column', () => {
    expect(fileError(importInsights('analyzable_type,Handle,notes\naccount,a,b', 'csv'))).toBe(M.unknownColumns(['handle', 'notes']));
    expect(fileError(importInsights('analyzable_type,name,Name\naccount,a,b', 'csv'))).toBe(M.duplicateColumn('name'));
    expect(fileError(importInsights('platform,screen_name\ntwitter,a', 'csv'))).toBe(M.noTypeColumn);
    expect(fileError(importInsights('analyzable_type,platform,,screen_name\naccount,twitter,oops,a', 'csv'))).toBe(M.unnamedColumn(3));
    // A spreadsheet's trailing empty column is harmless.
    expect(acceptedLines(importInsights('analyzable_type,platform,screen_name,,\naccount,twitter,a,,\n', 'csv'))).toEqual([2]);
  });

  it('accepts every export column, ignoring the review ones (an imported insight is new)', () => {
    const header = [...IMPORT_COLUMNS, 'status', 'source', 'created_at', 'updated_at', 'edited_by', 'reviewed_by', 'reviewed_at'].join(',');
    const row = 'account,,twitter,,a' + ','.repeat(IMPORT_COLUMNS.length - 5) + ',approved,manual,2026-01-01,2026-01-02,Bo Analyst,Ada Senior,2026-01-03';
    expect(acceptedLines(importInsights(`${header}\n${row}\n`, 'csv'))).toEqual([2]);
  });

  it('refuses a row with values beyond the header, and reads a short row as blanks', () => {
    const csv = 'analyzable_type,platform,screen_name\naccount,twitter,a,extra,more\naccount,twitter\naccount,twitter,b,,\n';
    const result = ok(importInsights(csv, 'csv'));
    expect(result.refused).toEqual([
      { line: 2, errors: [M.row(2, M.fieldCount(5, 3))] },
      { line: 3, errors: [M.row(3, INSIGHT_MESSAGES.accountIdentification)] },
    ]);
    expect(result.accepted.map((a) => a.line)).toEqual([4]);
  });

  it('refuses a repeated account or domain from its second row, naming the first', () => {
    const csv = ['analyzable_type,platform,screen_name,user_id,analyzable_id,name,subcategory',
      'account,twitter,Alice,,,,', 'account,telegram,alice,,,,', 'account,twitter,,,,,',
      'account,twitter,ALICE,99,,,', 'account,twitter,bob,99,,,', 'domain,,,,example.com,,Other', 'domain,,,,https://Example.com/x,,Other',
      'account,twitter,,,,Only A Name,', 'account,twitter,,,,only a name,'].join('\n');
    const result = ok(importInsights(csv, 'csv'));
    // A refused row claims nothing: line 5's user id 99 is free for line 6.
    expect(result.accepted.map((a) => a.line)).toEqual([2, 3, 6, 7, 9]);
    expect(result.refused).toEqual([
      { line: 4, errors: [M.row(4, INSIGHT_MESSAGES.accountIdentification)] },
      { line: 5, errors: ['Line 5: This account or domain is already on line 2.'] },
      { line: 8, errors: ['Line 8: This account or domain is already on line 7.'] },
      { line: 10, errors: ['Line 10: This account or domain is already on line 9.'] },
    ]);
  });

  it('accepts 10,000 rows and refuses 10,001, stopping early', () => {
    // Rows of blank cells (a spreadsheet's formatted but empty rows) are not rows.
    const rows = (n: number) => `analyzable_type,platform,screen_name\n${Array.from({ length: n }, (_, i) => `account,twitter,user${i}\n,,\n`).join('')}`;
    expect(ok(importInsights(rows(10_000), 'csv')).accepted).toHaveLength(10_000);
    expect(fileError(importInsights(rows(10_001), 'csv'))).toBe(M.tooManyRows);
    expect(fileError(importInsights('analyzable_type\n' + 'a\n'.repeat(2_000_000), 'csv'))).toBe(M.tooManyRows);
    expect(fileError(importInsights(`[${'{},'.repeat(10_000)}{}]`, 'json'))).toBe(M.tooManyRows);
    expect(fileError(importInsights('{}\n'.repeat(10_001), 'json'))).toBe(M.tooManyRows);
    expect(ok(importInsights('{}\n'.repeat(10_000), 'json')).refused).toHaveLength(10_000);
  });

  it('refuses more than 5 MB, bad UTF-8 and files without insights', () => {
    const big = `analyzable_type,name\n${'x'.repeat(IMPORT_MAX_BYTES)}`;
    expect(fileError(importInsights(big, 'csv'))).toBe(M.tooLarge);
    expect(fileError(importInsights(Buffer.from(big), 'json'))).toBe(M.tooLarge);
    expect(fileError(importInsights(Uint8Array.from([0x61, 0x0a, 0xff, 0xfe]), 'csv'))).toBe(M.notUtf8);
    expect(fileError(importInsights(Uint8Array.from([0x5b, 0xc3, 0x5d]), 'json'))).toBe(M.notUtf8);
    expect(fileError(importInsights('', 'csv'))).toBe(M.empty);
    expect(fileError(importInsights('\uFEFFanalyzable_type,name\r\n\r\n,\r\n', 'csv'))).toBe(M.empty);
    expect(fileError(importInsights('[]', 'json'))).toBe(M.empty);
  });
});

describe('JSON import', () => {
  const account = (handle: string) => ({ analyzable_type: 'account', platform: 'twitter', screen_name: handle });

  it('reports the line where each object of an array starts', () => {
    const text = `\uFEFF[\r\n  ${JSON.stringify(account('a'), null, 2).replace(/\n/g, '\r\n  ')},\r\n\r\n  {"analyzable_type": "account",\r\n   "platform": "twitter"},\r\n  ` +
      `${JSON.stringify(account('b'))}, ${JSON.stringify(account('c'))}\r\n]\r\n`;
    const result = ok(importInsights(text, 'json'));
    // The first object spans lines 2 to 6, a blank line 7, the second object lines 8 and 9, then two on line 10.
    expect(result.accepted.map((a) => a.line)).toEqual([2, 10, 10]);
    expect(result.refused).toEqual([{ line: 8, errors: [M.row(8, INSIGHT_MESSAGES.accountIdentification)] }]);
  });

  it('reads JSON Lines, skipping blank lines', () => {
    const text = ['', JSON.stringify(account('a')), '   ', JSON.stringify({ analyzable_type: 'domain', analyzable_id: 'example.org', confidence: 'low' }), '42'].join('\r\n');
    const result = ok(importInsights(text, 'json'));
    expect(result.accepted.map((a) => a.line)).toEqual([2, 4]);
    expect(result.refused).toEqual([{ line: 5, errors: [M.row(5, M.notObject)] }]);
  });

  it('refuses malformed JSON with the line of the problem', () => {
    expect(fileError(importInsights('[\n  {"analyzable_type": "account"},\n  {"platform": "twitter",}\n]', 'json')))
      .toBe('Line 3: The JSON is malformed: a property name in double quotes was expected.');
    expect(fileError(importInsights('[\n  {"screen_name": "unclosed}\n]', 'json'))).toBe(M.malformedJson(2, JSON_PROBLEMS.control));
    expect(fileError(importInsights('[\n  {"a": 1}\n', 'json'))).toBe(M.malformedJson(3, JSON_PROBLEMS.end));
    expect(fileError(importInsights('{"a": 1}\n{"a": 2\n{"a": 3}', 'json'))).toBe(M.malformedJson(2, JSON_PROBLEMS.end));
  });

  it('refuses rows of the wrong shape in words', () => {
    const rows = [
      { analyzable_type: 'account', platform: 'twitter', user_id: 1234567890 },
      { analyzable_type: 'account', platform: 'twitter', screen_name: 'a', additional_properties: { language: 'en' } },
      { analyzable_type: 'account', platform: 'twitter', screen_name: 'b', additional_properties: { subcategory: [1] }, confidence: 'certain' },
      { analyzable_type: 'account', platform: 'twitter', screen_name: 'c', additional_properties: null },
      { platform: 'twitter', screen_name: 'd' },
      ['not', 'an', 'object'],
    ];
    expect(refusedOf(importInsights(`[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]`, 'json'))).toEqual([
      { line: 2, errors: [M.row(2, M.mustBeText('user_id'))] },
      { line: 3, errors: [M.row(3, M.mustBeList('additional_properties.language'))] },
      { line: 4, errors: [M.row(4, M.confidence), M.row(4, M.mustBeList('additional_properties.subcategory'))] },
      { line: 5, errors: [M.row(5, M.mustBeObject('additional_properties'))] },
      { line: 6, errors: [M.row(6, INSIGHT_MESSAGES.unknownType)] },
      { line: 7, errors: [M.row(7, M.notObject)] },
    ]);
  });
});

describe('importFormatOf', () => {
  it('tells the format by extension, then by media type', () => {
    expect(importFormatOf('insights.CSV')).toBe('csv');
    expect(importFormatOf('insights.json')).toBe('json');
    expect(importFormatOf('insights.jsonl')).toBe('json');
    expect(importFormatOf('insights.ndjson')).toBe('json');
    expect(importFormatOf('upload', 'text/csv; charset=utf-8')).toBe('csv');
    expect(importFormatOf('upload', 'application/json')).toBe('json');
    expect(importFormatOf('insights.xlsx', 'application/octet-stream')).toBeNull();
  });
});
