/**
 * Typographic ("smart") quotes. Word processors and phones replace straight quotes with these, so a pasted query
 * often contains them; the query language only knows straight quotes, so the validator reports them and the form
 * converts them on paste with `normaliseSmartQuotes`.
 */

/** Each smart quote and the straight quote it stands for. */
export const SMART_QUOTES: Readonly<Record<string, '"' | "'">> = {
  '\u201C': '"', // “ left double
  '\u201D': '"', // ” right double
  '\u201E': '"', // „ double low-9 (German, Polish…)
  '\u201F': '"', // ‟ double high-reversed-9
  '\u00AB': '"', // « guillemet
  '\u00BB': '"', // » guillemet
  '\u301D': '"', // 〝 CJK double prime quotation
  '\u301E': '"', // 〞
  '\u301F': '"', // 〟
  '\uFF02': '"', // ＂ fullwidth, typed by CJK input methods
  '\u2018': "'", // ‘ left single
  '\u2019': "'", // ’ right single, also the typographic apostrophe
  '\u201A': "'", // ‚ single low-9
  '\u201B': "'", // ‛ single high-reversed-9
  '\u2039': "'", // ‹ single guillemet
  '\u203A': "'", // › single guillemet
  '\uFF07': "'", // ＇ fullwidth
};

const SMART_QUOTE_PATTERN = new RegExp(`[${Object.keys(SMART_QUOTES).join('')}]`, 'g');

export function isSmartQuote(char: string): boolean {
  return Object.hasOwn(SMART_QUOTES, char);
}

/** Replaces every smart quote with its straight equivalent; nothing else changes, so positions are kept. */
export function normaliseSmartQuotes(input: string): string {
  return input.replace(SMART_QUOTE_PATTERN, (quote) => SMART_QUOTES[quote] ?? quote);
}
