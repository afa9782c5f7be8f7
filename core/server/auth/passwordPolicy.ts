import argon2 from 'argon2';
import { createRequire } from 'node:module';
import { PASSWORD_MESSAGES, passwordLengthProblem, type PasswordProblem } from '@core/shared/access/passwords';
import { HttpError } from '../http/errors';

interface Strength {
  /** zxcvbn-ts's list of the most used passwords (about 49,000 entries), kept as a set for exact checks. */
  common: Set<string>;
  /** The same dictionaries let zxcvbn refuse trivially guessable variants the list misses (aaaaaaaa, qwertyuiop). */
  estimator: InstanceType<typeof import('@zxcvbn-ts/core').ZxcvbnFactory>;
}

let strength: Strength | null = null;

/**
 * Built when a password is first checked, not on import: the dictionaries take a few hundred milliseconds to load and
 * index, and every process importing the server (each API test file, the pipeline worker) paid them.
 */
function passwordStrength(): Strength {
  if (strength) return strength;
  const require = createRequire(import.meta.url);
  const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const { adjacencyGraphs, dictionary } = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  strength = {
    common: new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
    estimator: new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
  };
  return strength;
}

/** The rule of spec part 1 section 5: 8 to 64 characters and not a common password. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  const { common, estimator } = passwordStrength();
  if (common.has(password.toLowerCase())) return 'weak';
  return estimator.check(password).score === 0 ? 'weak' : null;
}

/** Throws the 400 answer whose message the browser maps again by status (spec part 1 section 8). */
export function assertAcceptablePassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError(400, PASSWORD_MESSAGES[problem], [PASSWORD_MESSAGES[problem]]);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash; with no hash (unknown user, SSO-only user) it verifies against a
 * fixed dummy hash so the answer takes as long either way and timing does not reveal which e-mails exist.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= argon2.hash('not-a-real-password-0', { type: argon2.argon2id });
  const target = hash ?? (await dummyHash);
  try {
    const ok = await argon2.verify(target, password);
    return ok && !!hash;
  } catch {
    return false;
  }
}
