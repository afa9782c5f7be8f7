import { describe, expect, it } from 'vitest';
import { passwordProblem, verifyPassword } from './passwordPolicy';
import { hashPassword } from '../seed';

describe('the password rule (8 to 64 characters, not a common password)', () => {
  it('refuses entries of the common-password list whatever their case', () => {
    for (const p of ['password', 'PASSWORD1', 'iloveyou', 'letmein123', 'qwerty123']) expect(passwordProblem(p), p).toBe('weak');
  });

  it('refuses trivially guessable sequences the list misses', () => {
    for (const p of ['aaaaaaaaaa', 'qwertyuiop', 'abcdefghij']) expect(passwordProblem(p), p).toBe('weak');
  });

  it('accepts ordinary strong passphrases and reports length first', () => {
    expect(passwordProblem('correct-horse-battery')).toBeNull();
    expect(passwordProblem('Tr0ub4dor&3x')).toBeNull();
    expect(passwordProblem('abc')).toBe('tooShort');
    expect(passwordProblem('a'.repeat(65))).toBe('tooLong');
  });
});

describe('verifyPassword', () => {
  it('accepts the right password, refuses others, and refuses when there is no hash at all', async () => {
    const hash = await hashPassword('correct-horse-battery');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(hash, 'wrong-horse-battery')).toBe(false);
    expect(await verifyPassword(null, 'not-a-real-password-0')).toBe(false);
    expect(await verifyPassword('garbage', 'x')).toBe(false);
  });
});
