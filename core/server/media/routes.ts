import { z } from 'zod';
import { MEDIA_IMAGE_PATH, MEDIA_IMAGE_TYPES, MEDIA_MESSAGES, MEDIA_URL_MAX_LENGTH } from '@core/shared/api/media';
import type { MediaConfig } from '../config';
import { HttpError } from '../http/errors';
import type { RouteRegistrar } from '../http/routes';
import { MediaProxy, type MediaProxyOptions } from './mediaProxy';

/** The image answer's own policy: nothing loads from it, nothing frames it, and it is never a document. */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const mediaQuerySchema = z.object({ url: z.string().min(1).max(MEDIA_URL_MAX_LENGTH) });

/**
 * `GET /api/v2/media/image?url=...`: remote images through the server (signed-in callers only). With
 * NARRASCOPE_REMOTE_MEDIA=off the route answers 404 without fetching anything, and the client shows initials.
 * `injected` holds the test-only options (an allowed loopback address, a fake DNS); see MediaProxyOptions.
 */
export function registerMediaRoutes(r: RouteRegistrar, config: MediaConfig, injected: Partial<MediaProxyOptions> = {}): MediaProxy | null {
  const proxy = config.remote === 'proxy'
    ? new MediaProxy({ maxBytes: config.maxBytes, cacheBytes: config.cacheBytes, cacheTtlMs: config.cacheTtlSeconds * 1000, ...injected })
    : null;
  const o = proxy?.options;
  r.get(MEDIA_IMAGE_PATH, {
    summary: 'A remote image (an author\'s avatar) fetched by the server, so the browser never contacts its host',
    description: 'Answers the image bytes with their sniffed type (' + MEDIA_IMAGE_TYPES.join(', ') + '; never SVG), '
      + '`Cache-Control: private`, `X-Content-Type-Options: nosniff` and `Content-Security-Policy: default-src \'none\'`. '
      + 'Only http(s) URLs on public addresses are fetched (the SSRF policy of URL expansion, checked on every redirect)'
      + (o ? `, at most ${o.maxRedirects} redirects, ${o.timeoutMs / 1000} s and ${o.maxBytes} bytes; ` : '; ')
      + 'answers and failures are cached. Errors are the usual envelope: 400 bad URL, 403 refused address, 404 not found '
      + `upstream or "${MEDIA_MESSAGES.off}", 408 timeout, 413 too large, 415 not a PNG/JPEG/GIF/WebP, 422 redirects.`,
    query: mediaQuerySchema,
    raw: true,
    response: z.unknown(),
  }, async ({ query, reply }) => {
    if (!proxy) throw new HttpError(404, MEDIA_MESSAGES.off);
    const result = await proxy.get(query.url);
    if (!result.ok) throw new HttpError(result.status, result.message);
    reply
      .status(200)
      .header('Content-Type', result.type)
      .header('Content-Length', String(result.body.length))
      .header('Cache-Control', `private, max-age=${config.cacheTtlSeconds}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', MEDIA_CONTENT_SECURITY_POLICY)
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .header('Content-Disposition', 'inline; filename="image"')
      .send(result.body);
  });
  return proxy;
}
