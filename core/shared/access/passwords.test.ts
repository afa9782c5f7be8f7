import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, PASSWORD_TIPS, passwordErrorMessage, passwordLengthProblem } from './passwords';

describe('password messages of spec part 1 section 8, by status', () => {
  const msg = (status: number, password: string, flow: 'reset' | 'change' = 'change', errors: string[] = []) =>
    passwordErrorMessage({ status, password, flow, errors });

  it('400 under 8 characters: too short; over 64: too long; otherwise the strength message with the three tips', () => {
    expect(msg(400, 'short')).toEqual({
      message: 'Your password change was unsuccessful because your password was too short. Your password must be between 8 and 64 characters long.',
      tips: [],
    });
    expect(msg(400, 'x'.repeat(65)).message).toBe(
      'Your password change was unsuccessful because your password was too long. Your password must be between 8 and 64 characters long.');
    expect(msg(400, 'password1')).toEqual({ message: PASSWORD_MESSAGES.weak, tips: PASSWORD_TIPS });
    expect(PASSWORD_TIPS).toEqual(['Use 8 - 64 characters', 'No common passwords', 'Use a mix of letters, numbers and symbols']);
  });

  it('409 DUPLICATE_USER names the duplicate; any other 409 is our fault', () => {
    expect(msg(409, 'whatever1', 'change', ['DUPLICATE_USER']).message).toBe(
      'This user already exists. Please check the details and try again with a different email.');
    expect(msg(409, 'whatever1').message).toBe('Something went wrong on our end. Please try again later.');
  });

  it('401 asks for the current password again, or in the reset flow says the link expired', () => {
    expect(msg(401, 'whatever1').message).toBe(
      'Please enter your current password again. The password you have entered does not match our records.');
    expect(msg(401, 'whatever1', 'reset').message).toBe('Your password reset link has expired.');
  });

  it('anything else is the generic message', () => {
    for (const status of [0, 403, 429, 500, 503]) expect(msg(status, 'whatever1').message).toBe('Something went wrong. Please try again later.');
  });

  it('counts characters, not UTF-16 units, for the 8 to 64 rule', () => {
    expect(passwordLengthProblem('😀'.repeat(8))).toBeNull();
    expect(passwordLengthProblem('😀'.repeat(7))).toBe('tooShort');
    expect(passwordLengthProblem('é'.repeat(64))).toBeNull();
    expect(passwordLengthProblem('é'.repeat(65))).toBe('tooLong');
  });
});
