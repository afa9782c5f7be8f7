/**
 * The double-submit CSRF convention the specification's client was written for (flask-jwt-extended style):
 * the tokens travel in httpOnly cookies, a readable twin cookie carries the CSRF value, and every call sends it
 * back in the X-CSRF-TOKEN header.
 */
export const ACCESS_COOKIE = 'access_token_cookie';
export const REFRESH_COOKIE = 'refresh_token_cookie';
export const CSRF_ACCESS_COOKIE = 'csrf_access_token';
export const CSRF_REFRESH_COOKIE = 'csrf_refresh_token';
export const CSRF_HEADER = 'X-CSRF-TOKEN';
export const REFRESH_PATH = '/api/v2/user/refresh';
/** Logout accepts either CSRF value: the access one, or the refresh one once the access token has expired. */
export const LOGOUT_PATH = '/api/v2/user/logout';

export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Messages the server answers when the mechanism refuses a call. */
export const AUTH_MESSAGES = {
  missingCsrf: 'no auth token found',
  badCsrf: 'CSRF double submit tokens do not match',
  notAuthenticated: 'not logged in',
  forbidden: 'You do not have permission to perform this action.',
} as const;
