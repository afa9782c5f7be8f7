import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Security headers on every answer (pages, bundle assets, API, errors). The policy is what the app needs and no
 * more (docs/operations.md "Security"):
 * - scripts only from the server's own origin: the Vite bundle is external module files with no inline script,
 *   and nothing needs 'unsafe-eval' (the basic Plotly bundle builds no code from strings; zod runs jitless,
 *   src/web/jitless.ts);
 * - styles from the origin and inline: Fluent UI (Griffel) and Plotly insert <style> elements and style attributes
 *   at run time, and index.html has one small <style>; styles cannot run script;
 * - workers from the origin or blob: graphology-layout-forceatlas2 starts its layout worker from a blob: URL;
 * - images from the origin, data: (the MFA QR code, Plotly's PNG export) and blob:; no remote image is fetched
 *   by the browser, so a monitored author's avatar URL learns nothing about who looks at it: remote images come
 *   through the server's image proxy (core/server/media) or not at all;
 * - connections to the origin only; no plugins, no <base>, forms post to the origin;
 * - never framed (frame-ancestors 'none', and X-Frame-Options for older browsers): no clickjacking.
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers are data, never a document: nothing may load from them or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const SECURITY_HEADERS = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

/** Sets the headers an answer has not set itself: the API policy on API paths, the app's policy elsewhere. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, isApi: (url: string) => boolean): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
  if (!reply.hasHeader('Content-Security-Policy')) {
    const url = request.url.split('?')[0] ?? '';
    reply.header('Content-Security-Policy', isApi(url) ? API_CONTENT_SECURITY_POLICY : APP_CONTENT_SECURITY_POLICY);
  }
}

/**
 * Adds the headers in `onSend`, which every routed answer passes through (static files, not-found pages and errors
 * too). The router's own refusals run no hook: app.ts's `frameworkErrors` calls setSecurityHeaders itself.
 */
export function addSecurityHeaders(fastify: FastifyInstance, isApi: (url: string) => boolean): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(request, reply, isApi);
    return payload;
  });
}
