import { invalid } from '../domain/errors';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The common-password rule (docs/decisions/0076-passwords.md): zxcvbn's list of the ~49,000 most
 * used passwords (lower case), checked on the server only so browsers never download it. The length
 * rule lives in the shared schema, where the setup form shows it.
 */
const COMMON = dictionary['passwords-common'];
export const COMMON_PASSWORDS_COUNT = COMMON.length;

let set: Set<string> | null = null;
const common = () => (set ??= new Set(COMMON));

// Digits and symbols around a common word ('password1234!', '2024iloveyou') add little to guess.
const PADDING = /^[\d\W_]*(.*?)[\d\W_]*$/u;

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (common().has(lower)) return true;
  const core = PADDING.exec(lower)?.[1] ?? lower;
  if (core.length >= 4 && core !== lower && common().has(core)) return true;
  // The same word twice, with or without a separator ('monkey-monkey').
  const twice = /^(.{4,})[\W_]?\1$/u.exec(core);
  return twice !== null && common().has(twice[1]!);
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too easy to guess: it is one of the most common passwords, or one with only numbers or symbols added. Please choose another.';

/** The common-password rule of every new password (docs/decisions/0076-passwords.md). */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw invalid(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
}
