import { z } from 'zod';
import { ACCOUNTS_PATH } from './api';

/**
 * "Accounts sharing X": who shared a URL, a domain or a hashtag in the whole conversation (its latest successful
 * run, under the workspace filters), for the URL, Domain and Hashtag popups (spec part 2 section 2). The posts
 * explorer has no URL or hashtag filter and no distinct-account count, hence this call.
 */
export const SHARING_PATH = `${ACCOUNTS_PATH}/sharing`;
export const SHARED_KINDS = ['url', 'domain', 'hashtag'] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];
export const SHARING_PAGE_SIZE = 100;
export const MAX_SHARING_PAGE = 1000;

/** Filters (core/shared/filters) travel as further query parameters, as in the other coordination calls. */
export const sharingQuerySchema = z.looseObject({
  conversation_id: z.uuid(),
  kind: z.enum(SHARED_KINDS),
  value: z.string().trim().min(1).max(2048),
  limit: z.coerce.number().int().min(1).max(MAX_SHARING_PAGE).default(SHARING_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});

/** One sharing account: its latest share of the value (Date Shared). */
export const sharingAccountSchema = z.object({
  rid: z.string(),
  platform: z.string(),
  screen_name: z.string().nullable(),
  display_name: z.string().nullable(),
  date_shared: z.string(),
});
export type SharingAccount = z.infer<typeof sharingAccountSchema>;

export const sharingSchema = z.object({
  kind: z.enum(SHARED_KINDS),
  /** the value as matched: a URL's co-share key, a domain's host, a hashtag without '#' (lower case) */
  value: z.string(),
  /** posts of the run that share it (under the filters) */
  posts: z.number().int(),
  /** distinct accounts among them */
  accounts: z.number().int(),
  first_seen: z.string().nullable(),
  last_seen: z.string().nullable(),
  /** one page of the accounts, latest share first */
  shares: z.array(sharingAccountSchema),
});
export type Sharing = z.infer<typeof sharingSchema>;

export const SHARING_MESSAGES = {
  urlNotAvailable: 'The URL is not available',
  loadError: 'An error occurred while loading popup data',
} as const;
