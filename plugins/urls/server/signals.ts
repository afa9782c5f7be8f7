import { NEW_DOMAIN_DAYS, type DomainSignals } from '../shared/api';

const DAY_MS = 86_400_000;

export interface DomainActivity {
  posts: number;
  accounts: number;
  first_seen: string;
  last_seen: string;
}

/**
 * Section 3 signals of one domain: how long before its first share it was registered (a domain registered days
 * before a narrative links it is one of the strongest signs of an influence operation), how fast it is shared and
 * by how many accounts.
 */
export function domainSignals(activity: DomainActivity, regCreatedAt: string | null): DomainSignals {
  const first = Date.parse(activity.first_seen);
  const last = Date.parse(activity.last_seen);
  const created = regCreatedAt ? Date.parse(regCreatedAt) : Number.NaN;
  const days = Number.isFinite(created) && Number.isFinite(first) ? round1((first - created) / DAY_MS) : null;
  const spanDays = Math.max(1, (last - first) / DAY_MS);
  return {
    days_registered_before_first_share: days,
    new_domain: days !== null && days <= NEW_DOMAIN_DAYS,
    share_velocity: round1(activity.posts / (Number.isFinite(spanDays) ? spanDays : 1)),
    accounts_per_domain: activity.accounts,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
