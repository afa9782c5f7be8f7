import { tablesOf, type Storage } from '@core/server/storage/database';
import type { PostStoreTables } from '@core/server/postStore/tables';
import type { RdapFacts } from './rdap/parse';

/** One RDAP answer for a domain, kept as a dated snapshot (history = what changed between snapshots). */
export interface RegistrationRow extends RdapFacts {
  id: string;
  organization_id: string;
  /** Registrable domain, lower case. */
  domain: string;
  looked_up_at: string;
  /** `found` or `not_found` (the registry answered 404). */
  status: string;
  /** The RDAP server that answered (after redirects), or `demo`. */
  source: string;
}

/** The admin domain list: one category per domain and organisation. */
export interface DomainLabelRow {
  organization_id: string;
  domain: string;
  category: string;
  uploaded_at: string;
  uploaded_by: string;
}

/**
 * A finished run's links, counted once when it finishes (runLinks.ts): the unfiltered answers of urls-shared and
 * domains-shared, with and without X. `kind` 'done' is the marker row saying the run's rows are complete.
 */
export interface RunLinkRow {
  run_id: string;
  organization_id: string;
  kind: 'url' | 'domain' | 'done';
  /** 1: posts of X (twitter) left out (`exclude_twitter`). */
  without_x: number;
  /** The URL or the domain. */
  key: string;
  domain: string | null;
  value: number;
  unique_users: number;
  unique_urls: number;
  first_seen: string;
  last_seen: string;
}

export interface UrlsTables {
  urls_registrations: RegistrationRow;
  urls_domain_labels: DomainLabelRow;
  urls_run_links: RunLinkRow;
}

export type UrlsDb = ReturnType<typeof dbOf>;
export const dbOf = (storage: Storage) => tablesOf<UrlsTables & PostStoreTables>(storage);
