import bcrypt from 'bcryptjs';

export const BCRYPT_COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

let dummy: Promise<string> | null = null;

/**
 * Compares against a throwaway hash when there is no real one, so an unknown account takes as
 * long to refuse as a wrong password and response times do not reveal which accounts exist.
 */
export async function checkPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (hash) return bcrypt.compare(password, hash);
  dummy ??= bcrypt.hash('not-a-real-password', BCRYPT_COST);
  await bcrypt.compare(password, await dummy);
  return false;
}
