/**
 * The spec's words that several plugins show or answer, written once here so a route and the screens that show its
 * answer cannot drift apart (tests/contracts/specText.test.ts checks every quoted message is written exactly once).
 */
export const SHARED_MESSAGES = {
  /** Spec part 1 section 8: any call about an unknown, another organisation's or a deleted conversation. */
  conversationNotFound: 'Conversation not found',
  /** Spec part 2: the empty state of the shared tables, popups and charts. */
  noAvailableData: 'No available data to display',
  noRelevantData: 'No Relevant Data',
  noPostAvailable: 'No post available.',
  /** Spec part 2 section 2: a popup field the server does not know (for example a domain's registration). */
  unavailable: 'Unavailable',
  /** Spec part 2: the domain field of an insight or a domain lookup. */
  fqdnRequired: 'a fully-qualified domain name, including TLD, must be provided.',
} as const;
