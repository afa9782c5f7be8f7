import { AUTH_MESSAGES } from '@core/shared/api/cookies';
import { SHARED_MESSAGES } from '@core/shared/messages';

/**
 * Every user-facing text of spec part 1 sections 2, 5 and 8 that this plugin shows or answers, worded exactly as
 * the spec gives them (note the two spaces before "Please" in some of them: that is the spec's wording).
 */
export const MESSAGES = {
  // Server answers (400/404/409/422); the client maps the first four to the spec's user messages below.
  booleanStringInvalid: 'Your boolean string could not be validated',
  datesInvalid: 'Your start date or end date is invalid',
  quotaReached: "The third-party data source query quota has been reached. Please contact your organization's administrator.",
  conversationNotFound: SHARED_MESSAGES.conversationNotFound,
  projectNotFound: 'Project not found',
  projectExists: 'a project with that name already exists',
  projectNameRequired: 'Project name is required',
  onlyProject: "Can't delete the only project",
  conversationNameRequired: 'Conversation name is required',
  projectRequired: 'Project is required',
  languageInvalid: 'Language must be one of en, es, zh',
  modeCannotChange: 'The mode of a conversation (date range or continuous) cannot be changed',
  alreadyRunning: 'This conversation is already queued or running',
  cannotRerun: 'A scaled or organization-wide NRMS conversation cannot be re-run',
  notRunning: 'This conversation has no queued or running run to cancel',
  organizationNotFound: 'Organization not found',
  // 408 from the live preview: the search ran past NARRASCOPE_QUERY_TIME_BUDGET_MS and was stopped.
  previewTooSlow: 'This query took too long to preview. Narrow it with fewer terms or a shorter date range.',

  // What the create/edit dialog shows (spec part 1 section 8).
  createQuery: 'There was an error with your query string input. Please review the query language syntax and try again. Operators are case-sensitive and quotes are required for special characters, non-English characters, and multi-word key-phrases.',
  createDates: 'There was an error with one of your date or time fields. The date must be in the format yyyy-mm-dd and the time must be in the format hh:mm.',
  createOther: 'There was an error creating your conversation.  Please wait a moment and try again.',
  editOther: 'There was an error editing your conversation.  Please wait a moment and try again.',

  // Cards (spec part 1 section 2).
  refreshingTitle: 'Conversation is refreshing',
  refreshingBody: 'Check back soon',
  failedTitle: 'Conversation refresh failed',
  failedBody: "We're looking into it! Check back soon",

  // Picker and dialogs (spec part 1 section 2).
  notLoggedIn: AUTH_MESSAGES.notAuthenticated,
  removeProjectQuestion: (name: string) => `Are you sure you want to remove the project "${name}"`,
  removeProjectConsequence: 'You will lose access to any conversations in this project.',
} as const;

export const MAX_NAME_LENGTH = 200;
