/**
 * Password rules and every password message of spec part 1 sections 5 and 8, shared so the server answers and
 * the browser shows the same words. The common-password list is checked on the server only (it is large).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const PASSWORD_MESSAGES = {
  mismatch: 'Your passwords do not match. Please try again.',
  hint: 'Your password must be between 8 and 64 characters and cannot be in a list of common passwords.',
  tooShort:
    'Your password change was unsuccessful because your password was too short. Your password must be between 8 and 64 characters long.',
  tooLong:
    'Your password change was unsuccessful because your password was too long. Your password must be between 8 and 64 characters long.',
  /** The spec gives no words for the strength message; this one names what the rule refuses. */
  weak: 'Your password change was unsuccessful because your password is too common or too easy to guess.',
  duplicateUser: 'This user already exists. Please check the details and try again with a different email.',
  conflict: 'Something went wrong on our end. Please try again later.',
  wrongCurrent: 'Please enter your current password again. The password you have entered does not match our records.',
  resetExpired: 'Your password reset link has expired.',
  other: 'Something went wrong. Please try again later.',
  resetDone: 'Your password has been successfully reset',
  setDone: 'Your password has been successfully set',
} as const;

/** The three tips of spec part 1 section 5, shown with the strength message. */
export const PASSWORD_TIPS = ['Use 8 - 64 characters', 'No common passwords', 'Use a mix of letters, numbers and symbols'] as const;

/** The error code a 409 carries when the e-mail belongs to another user. */
export const DUPLICATE_USER = 'DUPLICATE_USER';

export type PasswordProblem = 'tooShort' | 'tooLong' | 'weak';

/** Length rule only; the server adds the common-password rule. Length counts characters, not UTF-16 units. */
export function passwordLengthProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'tooShort';
  if (length > PASSWORD_MAX) return 'tooLong';
  return null;
}

export interface PasswordErrorInput {
  status: number;
  /** The password the user submitted (decides between the two length messages). */
  password: string;
  /** metadata.errors of the answer (409 carries DUPLICATE_USER). */
  errors?: readonly string[];
  flow: 'reset' | 'change';
}

/** The message of spec part 1 section 8 for a failed password call, chosen by status as the spec says. */
export function passwordErrorMessage({ status, password, errors = [], flow }: PasswordErrorInput): { message: string; tips: readonly string[] } {
  const none = [] as const;
  if (status === 400) {
    const length = [...password].length;
    if (length < PASSWORD_MIN) return { message: PASSWORD_MESSAGES.tooShort, tips: none };
    if (length > PASSWORD_MAX) return { message: PASSWORD_MESSAGES.tooLong, tips: none };
    return { message: PASSWORD_MESSAGES.weak, tips: PASSWORD_TIPS };
  }
  if (status === 409) {
    return { message: errors.includes(DUPLICATE_USER) ? PASSWORD_MESSAGES.duplicateUser : PASSWORD_MESSAGES.conflict, tips: none };
  }
  if (status === 401) return { message: flow === 'reset' ? PASSWORD_MESSAGES.resetExpired : PASSWORD_MESSAGES.wrongCurrent, tips: none };
  return { message: PASSWORD_MESSAGES.other, tips: none };
}
