import { createRequire } from 'node:module';
import { invalid } from '../domain/errors';

/**
 * The common-password rule (docs/decisions/0076-passwords.md): zxcvbn's list of the ~49,000 most
 * used passwords (lower case), checked on the server only so browsers never download it. The length
 * rule lives in the shared schema, where the setup form shows it. The list (zxcvbn's dictionaries,
 * some 12 MB) is loaded at the first new password, not at start (docs/decisions/0123-embedded-memory.md).
 */
const load = createRequire(import.meta.url);
let set: Set<string> | null = null;
const common = () =>
  (set ??= new Set(
    (load('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common')).dictionary['passwords-common'],
  ));

/** How many passwords the list holds. */
export const commonPasswordsCount = (): number => common().size;

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

export const COMMON_PASSWORD_MESSAGE =
  'This password is too easy to guess: it is one of the most common passwords, or one with only numbers or symbols added. Please choose another.';

/** The common-password rule of every new password (docs/decisions/0076-passwords.md). */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw invalid(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
}
