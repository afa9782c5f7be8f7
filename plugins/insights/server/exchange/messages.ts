import { IMPORT_COLUMNS } from './columns';

/** Upload limits: an insight file is a curated list, not a data dump. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

/**
 * What the import answers, as English sentences ending with a period. File-level messages refuse the whole file
 * (nothing is imported); row messages refuse one row and are shown as `Line N: message` through `row`. The rules of
 * spec section 5 keep their spec wording (INSIGHT_MESSAGES), which the row prefix wraps.
 */
export const IMPORT_MESSAGES = {
  tooLarge: 'The file is larger than 5 MB.',
  tooManyRows: 'The file has more than 10,000 rows.',
  empty: 'The file holds no insights.',
  notUtf8: 'The file is not UTF-8 text.',
  noTypeColumn: 'The file has no analyzable_type column.',
  unknownColumns: (names: readonly string[]) =>
    `The file has unknown columns: ${names.join(', ')}. The columns are ${IMPORT_COLUMNS.join(', ')}.`,
  duplicateColumn: (name: string) => `The column ${name} appears more than once.`,
  unnamedColumn: (position: number) => `Column ${position} has values but no name.`,
  unclosedQuote: (line: number) => `Line ${line}: A quoted field is not closed.`,
  misplacedQuote: (line: number) =>
    `Line ${line}: A field has a misplaced quote (quote a field whole and double the quotes inside it).`,
  malformedJson: (line: number, problem: string) => `Line ${line}: The JSON is malformed: ${problem}.`,

  row: (line: number, message: string) => `Line ${line}: ${message}`,
  notObject: 'An insight must be a JSON object.',
  fieldCount: (fields: number, columns: number) => `The row has ${fields} fields but the header has ${columns}.`,
  confidence: 'Confidence must be low, medium or high.',
  permanence: 'Permanence must be permanent or temporary.',
  mustBeText: (field: string) => `The field ${field} must be text.`,
  mustBeList: (field: string) => `The field ${field} must be a list of text.`,
  mustBeObject: (field: string) => `The field ${field} must be an object.`,
  duplicate: (firstLine: number) => `This account or domain is already on line ${firstLine}.`,
} as const;

/** The `problem` of `malformedJson`: where the JSON reader gave up. */
export const JSON_PROBLEMS = {
  end: 'the text ends before the JSON is complete',
  value: 'a value was expected',
  unclosedString: 'a string is not closed',
  control: 'a string holds a line break or a control character',
  escape: 'a string holds an invalid escape',
  name: 'a property name in double quotes was expected',
  colon: "a ':' was expected after the property name",
  objectNext: "a ',' or '}' was expected",
  arrayNext: "a ',' or ']' was expected",
  trailing: 'there is more text after the JSON',
  depth: 'the JSON is nested too deeply',
} as const;
