/**
 * `next` when it is a path on this site, else '/': where a sign-in may land. Browsers drop tabs and line breaks
 * anywhere in a URL and read a backslash as a slash, so `/\t/evil.test` and `/\evil.test` would leave the site as
 * `//evil.test` does: a path holding a control character or a backslash is refused whole.
 */
export function sameSitePath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  return /[\u0000-\u001f\u007f\\]/.test(next) ? '/' : next;
}
