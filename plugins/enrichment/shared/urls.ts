import { LinkifyIt } from 'linkify-it';
import { getDomain, parse as parseHost } from 'tldts';
import { isTrackingParameter } from './trackingParameters';

/**
 * URLs and domains of posts: extraction from free text and platform fields, a canonical form for counting and
 * joining ("the same link"), and the registrable domain of the public suffix list (bbc.co.uk, not co.uk).
 * Pure and browser-safe (WHATWG `URL`, linkify-it, tldts).
 */

/** One URL of a post. `expanded` is filled later by the server's shortener expansion (null until then). */
export interface PostUrl {
  /** As found (with `http://` added to scheme-less links). */
  original: string;
  /** `normaliseUrl(original)`. */
  url: string;
  /** Host of `url` (lower case, punycode, no `www.`). */
  host: string;
  /** Registrable domain of `host` (or the IP itself), null when the host has no known public suffix. */
  domain: string | null;
  expanded: string | null;
}

// linkify-it: full Unicode, balanced brackets, trailing punctuation stripped. Fuzzy (scheme-less) links are on
// because posts say "read bbc.co.uk/news/..." all the time; e-mail addresses are not URLs for us.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: true });

const MAY_HOLD_URL = /:\/\/|www\.|[\p{L}\p{N}-]\.\p{L}{2}/iu;

/** Longest input we try to parse; a post field longer than this is not a URL. */
const MAX_URL_LENGTH = 4096;

/**
 * Canonical form of an http(s) URL, or null for anything else (other schemes, unparseable text):
 * lower-case scheme and host (URL does it; IDN hosts become punycode), no user info, no default port, no
 * trailing dot, no leading `www.` labels (only when what remains is still a registrable domain), tracking
 * parameters removed (see trackingParameters.ts) while the other parameters keep their order and encoding,
 * trailing slashes of the path removed, and the fragment dropped unless it is a client-side route (`#!`, `#/`),
 * which old single-page sites use for the content itself. Idempotent and never throws.
 */
export function normaliseUrl(input: string): string | null {
  try {
    const once = normaliseOnce(input);
    // A second pass settles the rare input whose first canonical form still re-encodes (e.g. odd percent escapes).
    return once === null ? null : (normaliseOnce(once) ?? once);
  } catch {
    return null;
  }
}

function normaliseOnce(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : trimmed.startsWith('//') ? `http:${trimmed}` : `http://${trimmed}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = normaliseHost(parsed.hostname);
  if (host.length === 0) return null;

  const query = parsed.search.length > 1
    ? parsed.search.slice(1).split('&').filter((pair) => pair.length > 0 && !isTrackingParameter(parameterName(pair), host)).join('&')
    : '';
  const path = parsed.pathname.replace(/\/+$/, '') || '/';
  const hash = parsed.hash.startsWith('#!') || parsed.hash.startsWith('#/') ? parsed.hash : '';
  const port = parsed.port ? `:${parsed.port}` : '';
  const rebuilt = `${parsed.protocol}//${host}${port}${path}${query ? `?${query}` : ''}${hash}`;
  return new URL(rebuilt).href;
}

function parameterName(pair: string): string {
  const eq = pair.indexOf('=');
  const raw = eq < 0 ? pair : pair.slice(0, eq);
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * Lower-case host without trailing dots and without leading `www.` labels. `www.` is only removed when what
 * remains still has a registrable domain, so `www.co.uk` or a bare `www` host stay as they are.
 */
export function normaliseHost(hostname: string): string {
  let host = hostname.toLowerCase().replace(/\.+$/, '');
  while (host.startsWith('www.')) {
    const rest = host.slice(4);
    if (getDomain(rest, { allowPrivateDomains: true }) === null) break;
    host = rest;
  }
  return host;
}

/**
 * Registrable domain ("eTLD+1") of a URL or host from the public suffix list, including its private section so
 * that `alice.github.io` and `bob.blogspot.com` stay apart. An IP host is its own domain. Null when unknown.
 */
export function registrableDomain(urlOrHost: string): string | null {
  // tldts extracts the hostname of a full URL itself (IDN to punycode, brackets of IPv6 removed).
  const info = parseHost(toAsciiHost(urlOrHost.trim().toLowerCase()), { allowPrivateDomains: true });
  if (info.isIp) return info.hostname;
  return info.domain;
}

/** Domains are kept in punycode, the form `URL` gives, so the same domain is one string whatever was typed. */
function toAsciiHost(urlOrHost: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(urlOrHost)) return urlOrHost;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(urlOrHost) ? urlOrHost : `http://${urlOrHost}`).hostname;
  } catch {
    return urlOrHost;
  }
}

/** Whether a scheme-less match is a real host: a known public suffix or an IP (rules out "Node.js", "e.g"). */
function isPlausibleFuzzyHost(url: string): boolean {
  try {
    const { hostname } = new URL(url);
    const info = parseHost(hostname, { allowPrivateDomains: false });
    return info.isIp === true || (info.isIcann === true && info.domain !== null);
  } catch {
    return false;
  }
}

/** The URLs written in a text, in order of appearance (duplicates kept), scheme-less ones with `http://`. */
export function extractUrlsFromText(text: string): string[] {
  // linkify's scan is the expensive part: only texts with a scheme, `www.` or a dot between a word and two
  // letters (a host name; "end. Next" has a space) can hold a link.
  if (!text || !MAY_HOLD_URL.test(text)) return [];
  const matches = linkify.match(text);
  if (!matches) return [];
  const out: string[] = [];
  for (const m of matches) {
    if (m.schema === 'mailto:') continue;
    if (m.schema === '' && !isPlausibleFuzzyHost(m.url)) continue;
    if (m.schema !== '' && m.schema !== '//' && !/^https?:$/i.test(m.schema)) continue;
    out.push(m.schema === '' ? m.url : m.schema === '//' ? `http:${m.raw}` : m.raw);
  }
  return out;
}

/** Where a post's URLs come from: its text fields and any platform-provided URL fields (expanded_url etc.). */
export interface UrlSources {
  texts?: ReadonlyArray<string | null | undefined>;
  /** URL strings the platform gave, or arrays/objects holding them (`{ expanded_url }`, `{ url }`). */
  fields?: ReadonlyArray<unknown>;
}

const URL_FIELD_KEYS = ['expanded_url', 'unwound_url', 'url', 'href', 'link'];

/** Strings of a platform URL field, whatever its shape: a string, a list, or an object with a URL key. */
function fieldUrls(value: unknown, out: string[], depth = 0): void {
  if (depth > 3 || value === null || value === undefined) return;
  if (typeof value === 'string') {
    out.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) fieldUrls(v, out, depth + 1);
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Platforms give both the t.co link and the expanded one; the first present key is the most expanded.
    const key = URL_FIELD_KEYS.find((k) => typeof record[k] === 'string');
    if (key) out.push(record[key] as string);
  }
}

/**
 * The distinct URLs of a post (first occurrence wins), platform fields first because they are usually already
 * expanded, then those of the text. Each with its canonical form, host and registrable domain.
 */
export function collectPostUrls(sources: UrlSources): PostUrl[] {
  const raw: string[] = [];
  for (const f of sources.fields ?? []) fieldUrls(f, raw);
  for (const t of sources.texts ?? []) if (t) raw.push(...extractUrlsFromText(t));
  const seen = new Set<string>();
  const out: PostUrl[] = [];
  for (const original of raw) {
    const url = normaliseUrl(original);
    if (url === null || seen.has(url)) continue;
    seen.add(url);
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    out.push({ original, url, host, domain: registrableDomain(host), expanded: null });
  }
  return out;
}

/** Distinct registrable domains of a post's URLs, in order; the expanded URL's domain when there is one. */
export function domainsOf(urls: readonly PostUrl[]): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    const domain = u.expanded ? registrableDomain(u.expanded) : u.domain;
    if (domain) out.add(domain);
  }
  return [...out];
}
