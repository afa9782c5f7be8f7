import { serviceKey } from '@core/shared/services/registry';

/**
 * The admin domain list as other plugins read it on the server (Topic Radar's conversation notices): which of a
 * conversation's shared domains an admin labelled, e.g. state_media or government.
 */
export interface DomainLabels {
  /** domain (registrable, lower case) -> category, for the labelled ones among `domains` (all when omitted). */
  labelsOf(organizationId: string, domains?: readonly string[]): Promise<Map<string, string>>;
  /**
   * The labelled domains a conversation's latest run shares (no filters), with the posts linking each:
   * what a notice such as "state media shared in this conversation" needs.
   */
  conversationLabels(organizationId: string, conversationId: string): Promise<Array<{ domain: string; category: string; posts: number }>>;
}

export const domainLabelsKey = serviceKey<DomainLabels>('urls.domainLabels');
