/**
 * A field real visitors never see or fill. Bots that fill every input are answered as if they
 * succeeded and nothing is stored (docs/decisions.md §1.9).
 */
export const HONEYPOT_FIELD = 'companyFax';

export function isBot(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const v = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null;
}
