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

export interface UrlsTables {
  urls_registrations: RegistrationRow;
  urls_domain_labels: DomainLabelRow;
}

export type UrlsDb = ReturnType<typeof dbOf>;
export const dbOf = (storage: Storage) => tablesOf<UrlsTables & PostStoreTables>(storage);
