import path from 'node:path';
import { z } from 'zod';
import { REMOTE_MEDIA_MODES, type RemoteMediaMode } from '@core/shared/api/media';

/** The form DATABASE_URL takes, quoted by every message about it. */
export const DATABASE_URL_FORM = 'postgres://USER:PASSWORD@HOST:5432/DATABASE';

/**
 * Why a DATABASE_URL value cannot be used, or null. Names the scheme it found and the form expected, never the
 * value itself (it holds a password). Only PostgreSQL URLs are accepted: anything else used to be handed to the
 * PostgreSQL driver and fail later with a network error that named neither the setting nor the problem.
 */
export function databaseUrlProblem(value: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !URL.canParse(value)) {
    return `is not a URL. Expected ${DATABASE_URL_FORM} (PostgreSQL), or leave DATABASE_URL unset to use SQLite under NARRASCOPE_DATA_DIR`;
  }
  if (scheme !== 'postgres' && scheme !== 'postgresql') {
    return `${scheme}:// is not supported: Narrascope keeps its data in PostgreSQL (postgres:// or postgresql://) or, with `
      + `DATABASE_URL unset, in SQLite under NARRASCOPE_DATA_DIR. Expected ${DATABASE_URL_FORM}`;
  }
  return null;
}

/** Every setting comes from the environment; docs/operations.md lists them. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NARRASCOPE_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().superRefine((value, ctx) => {
    const problem = databaseUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }).optional(),
  NARRASCOPE_ACCESS_TTL_SECONDS: z.coerce.number().int().min(30).default(15 * 60),
  NARRASCOPE_REFRESH_TTL_SECONDS: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  NARRASCOPE_DEMO_PASSWORD: z.string().min(8).optional(),
  NARRASCOPE_SECURE_COOKIES: z.enum(['true', 'false']).optional(),
  NARRASCOPE_PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  NARRASCOPE_WEB_DIR: z.string().optional(),
  // Access (docs/operations-access.md).
  NARRASCOPE_SMTP_URL: z.string().url().optional(),
  NARRASCOPE_MAIL_FROM: z.string().min(3).default('Narrascope <no-reply@narrascope.invalid>'),
  NARRASCOPE_RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(60),
  NARRASCOPE_SIGNIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  NARRASCOPE_PASSWORD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  NARRASCOPE_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  NARRASCOPE_LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  NARRASCOPE_MFA_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  NARRASCOPE_MFA_ISSUER: z.string().min(1).max(100).default('Narrascope'),
  NARRASCOPE_FEEDBACK_URL: z.string().url().optional(),
  NARRASCOPE_ENCRYPTION_KEY: z.string().min(32).optional(),
  NARRASCOPE_TRUST_PROXY: z.enum(['true', 'false']).optional(),
  // Security (docs/operations.md "Security").
  NARRASCOPE_LOGREPORTER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  NARRASCOPE_QUERY_TIME_BUDGET_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  NARRASCOPE_REMOTE_MEDIA: z.enum(REMOTE_MEDIA_MODES).default('proxy'),
  NARRASCOPE_MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(2 * 1024 * 1024),
  NARRASCOPE_MEDIA_CACHE_MB: z.coerce.number().int().min(0).max(16 * 1024).default(64),
  NARRASCOPE_MEDIA_CACHE_TTL_SECONDS: z.coerce.number().int().min(60).max(30 * 24 * 3600).default(24 * 3600),
  // Product analytics (docs/operations.md "Product analytics"): off unless turned on.
  NARRASCOPE_ANALYTICS: z.enum(['off', 'on']).default('off'),
  NARRASCOPE_ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  demoPassword: string | null;
  secureCookies: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** `pretty`: one readable line per event; `json`: JSON lines; `auto`: pretty when stdout is a terminal. */
  logFormat: z.infer<typeof envSchema>['LOG_FORMAT'];
  /** Where the built browser bundle lives (vite's outDir). */
  webDir: string;
  /** The address users reach the product at (links in e-mails, SSO redirect URI); null: loopback requests only. */
  publicUrl: string | null;
  /** Per client address: `POST /logreporter` calls per minute (docs/operations.md "Security"). */
  logReportRateLimitPerMinute: number;
  /**
   * Longest a conversation's live preview may search the stored posts (docs/operations.md "Security"); past it the
   * search is stopped and the preview answers 408.
   */
  queryTimeBudgetMs: number;
  media: MediaConfig;
  access: AccessConfig;
  /** Usage events of the browser (core/server/analytics), kept in this database only; off by default. */
  analytics: { enabled: boolean; retentionDays: number };
}

/** Remote media (avatars): through the server's image proxy or not at all (docs/operations.md "Security"). */
export interface MediaConfig {
  remote: RemoteMediaMode;
  /** Largest image the proxy fetches, bytes. */
  maxBytes: number;
  /** The proxy's memory cache, bytes (0: none). */
  cacheBytes: number;
  /** How long a fetched image is kept, by the proxy's cache and the browser's. */
  cacheTtlSeconds: number;
}

/** Settings of sign-in, passwords, MFA and mail; each is described in docs/operations-access.md. */
export interface AccessConfig {
  smtpUrl: string | null;
  mailFrom: string;
  resetTokenTtlMinutes: number;
  signInRateLimitPerMinute: number;
  passwordRateLimitPerMinute: number;
  loginMaxFailures: number;
  loginLockoutMinutes: number;
  mfaGraceDays: number;
  mfaIssuer: string;
  feedbackUrl: string | null;
  encryptionKey: string | null;
  trustProxy: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset (shells and CI templates often export VAR=).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.NARRASCOPE_DATA_DIR),
    databaseUrl: e.DATABASE_URL || null,
    accessTtlSeconds: e.NARRASCOPE_ACCESS_TTL_SECONDS,
    refreshTtlSeconds: e.NARRASCOPE_REFRESH_TTL_SECONDS,
    demoPassword: e.NARRASCOPE_DEMO_PASSWORD ?? null,
    secureCookies: e.NARRASCOPE_SECURE_COOKIES === 'true',
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webDir: path.resolve(e.NARRASCOPE_WEB_DIR ?? 'dist/web'),
    publicUrl: e.NARRASCOPE_PUBLIC_URL ? e.NARRASCOPE_PUBLIC_URL.replace(/\/+$/, '') : null,
    logReportRateLimitPerMinute: e.NARRASCOPE_LOGREPORTER_RATE_LIMIT_PER_MINUTE,
    queryTimeBudgetMs: e.NARRASCOPE_QUERY_TIME_BUDGET_MS,
    media: {
      remote: e.NARRASCOPE_REMOTE_MEDIA,
      maxBytes: e.NARRASCOPE_MEDIA_MAX_BYTES,
      cacheBytes: e.NARRASCOPE_MEDIA_CACHE_MB * 1024 * 1024,
      cacheTtlSeconds: e.NARRASCOPE_MEDIA_CACHE_TTL_SECONDS,
    },
    access: {
      smtpUrl: e.NARRASCOPE_SMTP_URL ?? null,
      mailFrom: e.NARRASCOPE_MAIL_FROM,
      resetTokenTtlMinutes: e.NARRASCOPE_RESET_TOKEN_TTL_MINUTES,
      signInRateLimitPerMinute: e.NARRASCOPE_SIGNIN_RATE_LIMIT_PER_MINUTE,
      passwordRateLimitPerMinute: e.NARRASCOPE_PASSWORD_RATE_LIMIT_PER_MINUTE,
      loginMaxFailures: e.NARRASCOPE_LOGIN_MAX_FAILURES,
      loginLockoutMinutes: e.NARRASCOPE_LOGIN_LOCKOUT_MINUTES,
      mfaGraceDays: e.NARRASCOPE_MFA_GRACE_DAYS,
      mfaIssuer: e.NARRASCOPE_MFA_ISSUER,
      feedbackUrl: e.NARRASCOPE_FEEDBACK_URL ?? null,
      encryptionKey: e.NARRASCOPE_ENCRYPTION_KEY ?? null,
      trustProxy: e.NARRASCOPE_TRUST_PROXY === 'true',
    },
    analytics: { enabled: e.NARRASCOPE_ANALYTICS === 'on', retentionDays: e.NARRASCOPE_ANALYTICS_RETENTION_DAYS },
  };
}
