/**
 * Keys of the evidence types that are not text: shared URLs, hashtags, screen-name skeletons and profile URLs.
 * All are plain string functions (no `new URL`): they run once per distinct input string.
 */

const TRACKING_PARAM = /^(utm_[a-z]+|fbclid|gclid|dclid|mc_cid|mc_eid|igshid|si|ref_src|ref_url|s|t)$/i;

/**
 * A shared link as a co-share key: scheme and `www.` dropped, host lower-cased, fragment and tracking parameters
 * (utm_*, fbclid, gclid, ...) removed, remaining parameters kept in order, trailing slash removed. Paths keep their
 * case (they are case-sensitive on most servers). Returns null for an empty string.
 */
export function normalizeUrl(raw: string): string | null {
  let u = raw.trim();
  if (!u) return null;
  const hash = u.indexOf('#');
  if (hash >= 0) u = u.slice(0, hash);
  // Only a leading scheme is dropped: "a.aa/://a" is a path that contains "://", and the key must not change when
  // normalised again.
  const scheme = /^[a-z][a-z0-9+.-]{0,15}:\/\//i.exec(u);
  if (scheme) u = u.slice(scheme[0].length);
  let slash = u.search(/[/?]/);
  if (slash < 0) slash = u.length;
  let host = u.slice(0, slash).toLowerCase();
  if (host.startsWith('www.')) host = host.slice(4);
  const at = host.lastIndexOf('@');
  if (at >= 0) host = host.slice(at + 1);
  if (host.endsWith(':80') || host.endsWith(':443')) host = host.slice(0, host.lastIndexOf(':'));
  if (host.endsWith('.')) host = host.slice(0, -1);
  let rest = u.slice(slash);
  const q = rest.indexOf('?');
  let query = '';
  if (q >= 0) {
    const kept = rest.slice(q + 1).split('&').filter((p) => p && !TRACKING_PARAM.test(p.split('=')[0]!));
    query = kept.length ? `?${kept.join('&')}` : '';
    rest = rest.slice(0, q);
  }
  while (rest.endsWith('/')) rest = rest.slice(0, -1);
  if (!host) return null;
  return host + rest + query;
}

/** Hashtag key: without '#', lower-cased (NFKC so full-width forms match). */
export function normalizeHashtag(raw: string): string | null {
  const t = raw.normalize('NFKC').replace(/^[#＃]+/, '').trim().toLowerCase();
  return t ? t : null;
}

/** Hosts whose bare home page says nothing about who runs an account (link hubs and the platforms themselves). */
const GENERIC_HOSTS = new Set([
  'linktr.ee', 'youtube.com', 'youtu.be', 'facebook.com', 'fb.com', 'instagram.com', 'twitter.com', 'x.com', 't.me',
  'telegram.me', 'tiktok.com', 'linkedin.com', 'reddit.com', 'gab.com', 'parler.com', 'truthsocial.com', 'vk.com',
  'patreon.com', 'paypal.me', 'google.com', 'gmail.com', 'bit.ly', 'beacons.ai', 'linkin.bio', 'about.me',
  'medium.com', 'substack.com', 'github.com', 'wordpress.com', 'blogspot.com', 'tumblr.com', 'threads.net',
  'bsky.app', 'mastodon.social', 'snapchat.com', 'pinterest.com', 'twitch.tv', 'discord.gg', 'discord.com',
]);

/**
 * A profile URL as a SAME_PROFILE_URL key: the co-share normalisation plus all query parameters dropped and
 * index pages folded. The bare home page of a link hub or platform (`https://linktr.ee`, `youtube.com/`) is no
 * evidence and gives null; a path on it (`linktr.ee/freedomnow`) is.
 */
export function normalizeProfileUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const n = normalizeUrl(raw);
  if (!n) return null;
  let u = n.split('?')[0]!.replace(/\/(index|default)\.(html?|php|aspx?)$/i, '');
  while (u.endsWith('/')) u = u.slice(0, -1);
  const slash = u.indexOf('/');
  const host = slash < 0 ? u : u.slice(0, slash);
  if (slash < 0 && GENERIC_HOSTS.has(host)) return null;
  return u.toLowerCase();
}

const LEET: Record<string, string> = { 0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', 8: 'b' };

/**
 * Screen-name skeleton: accents stripped, lower case, separators and symbols removed, a digit between two letters
 * read as the letter it imitates (p4tr10t -> patriot), as is one that ends a word before a separator (tatiher4_524 ->
 * tatihera#), and every remaining run of digits folded to '#'
 * (Patriot_Eagle_4821, patriot.eagle77 and PatriotEagle1990 all give 'patrioteagle#'). Null when fewer than
 * `minLetters` letters remain: short names ("john#") are shared by chance.
 */
export function screenNameSkeleton(raw: string | null | undefined, minLetters = 6): string | null {
  if (!raw) return null;
  const parts = raw.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/);
  const s = parts.join('');
  // where a separator stood: a digit before it ends a word (tatiher4_524 is tatihera and a number)
  const boundary = new Set<number>();
  for (let i = 0, at = 0; i < parts.length - 1; i++) { at += parts[i]!.length; boundary.add(at); }
  let out = '';
  let letters = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c >= 'a' && c <= 'z') { out += c; letters++; continue; }
    const prevLetter = i > 0 && /[a-z]/.test(s[i - 1]!);
    let j = i;
    while (j < s.length && s[j]! >= '0' && s[j]! <= '9' && !(j > i && boundary.has(j))) j++;
    const nextLetter = j < s.length && (boundary.has(j) || /[a-z]/.test(s[j]!));
    if (prevLetter && nextLetter && j - i <= 2 && [...s.slice(i, j)].every((d) => LEET[d])) {
      for (let k = i; k < j; k++) { out += LEET[s[k]!]!; letters++; }
    } else if (!out.endsWith('#')) {
      out += '#';
    }
    i = j - 1;
  }
  return letters >= minLetters ? out : null;
}
