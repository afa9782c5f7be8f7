import pino from 'pino';

/** Paths that may carry secrets; pino replaces them before anything is written. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.old_password',
  '*.token',
  '*.refresh_jwt',
  '*.api_key',
  '*.mfa_code',
];

/** Query parameters that carry secrets: reset tokens, refresh tokens, OpenID Connect codes and state. */
const SECRET_QUERY = /([?&](?:token|refresh_jwt|code|state|api_key|password|id_token_hint|session_state)=)[^&#]*/gi;

/** A URL as logs may show it: secret query values replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino({
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Fastify logs every request's URL; reset links and SSO callbacks carry secrets in their query.
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method, url: redactUrl(req.url ?? ''), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort,
      }),
    },
  }, destination);
}

export type Logger = pino.Logger;
