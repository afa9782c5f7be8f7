/**
 * Remote media (avatars, conversation images) reach the browser only through the server's own image proxy, or not
 * at all (issue 18, finding 9): a browser that loaded an author's avatar URL itself would tell that author the
 * analyst's address and when they looked. The Content-Security-Policy (img-src 'self' data: blob:) enforces it.
 */

/** `NARRASCOPE_REMOTE_MEDIA`: `proxy` fetches through {@link MEDIA_IMAGE_PATH}; `off` shows no remote image at all. */
export const REMOTE_MEDIA_MODES = ['proxy', 'off'] as const;
export type RemoteMediaMode = (typeof REMOTE_MEDIA_MODES)[number];

/** `GET MEDIA_IMAGE_PATH?url=<encoded URL>`: the image's bytes, or a 4xx envelope naming why not. */
export const MEDIA_IMAGE_PATH = '/api/v2/media/image';
/** Longest `url` the proxy takes. */
export const MEDIA_URL_MAX_LENGTH = 2048;

/** The only types served, each recognised by its magic bytes (SVG never: it can carry script). */
export const MEDIA_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type MediaImageType = (typeof MEDIA_IMAGE_TYPES)[number];

/** The proxy's error messages (the envelope's `metadata.errors[0]`), one per refusal. */
export const MEDIA_MESSAGES = {
  off: 'Remote media is turned off on this server (NARRASCOPE_REMOTE_MEDIA=off).',
  badUrl: 'url must be an absolute http:// or https:// URL.',
  scheme: (scheme: string) => `Only http:// and https:// images are fetched (got ${scheme}).`,
  /** `reason` is the address policy's: "refused address 127.0.0.1 (Loopback)", "refused host name localhost" ... */
  refused: (reason: string) => `Remote image not fetched: ${reason}. Only public addresses are fetched.`,
  unreachable: (reason: string) => `Remote image could not be fetched: ${reason}.`,
  upstreamStatus: (status: number) => `Remote image could not be fetched: the remote server answered HTTP ${status}.`,
  tooManyRedirects: (max: number) => `Remote image not fetched: more than ${max} redirects.`,
  badRedirect: 'Remote image not fetched: a redirect without a usable Location.',
  timeout: (ms: number) => `Remote image not fetched: no complete answer within ${ms / 1000} s.`,
  tooLarge: (maxBytes: number) => `Remote image not fetched: larger than ${maxBytes} bytes.`,
  notImage: (declared: string | null) =>
    `Remote image not served: its bytes are not PNG, JPEG, GIF or WebP${declared ? ` (declared ${declared})` : ''}.`,
} as const;

/**
 * Where the browser may load `url` from, or null when it may not load it at all: http(s) URLs go through the proxy
 * (null when remote media is off), the server's own paths and inline raster images stay as they are, anything else
 * (javascript:, protocol-relative //host, data:image/svg+xml ...) is dropped.
 */
export function mediaSrc(url: string | null | undefined, mode: RemoteMediaMode): string | null {
  const text = url?.trim();
  if (!text) return null;
  if (/^\/(?![/\\])/.test(text)) return text;
  if (/^data:image\/(png|jpeg|gif|webp)[;,]/i.test(text)) return text;
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text) || text.length > MEDIA_URL_MAX_LENGTH) return null;
  return mode === 'proxy' ? `${MEDIA_IMAGE_PATH}?url=${encodeURIComponent(text)}` : null;
}
