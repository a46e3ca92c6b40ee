/**
 * A listing's phone and email as a claimant sees them (docs/decisions/0131-listing-claims.md):
 * enough to know which one the code goes to, not enough to learn it.
 */

/** '(570) 555-0142' as '***-***-0142'; null when it has fewer than four digits. */
export function maskPhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 4 ? `***-***-${digits.slice(-4)}` : null;
}

/** 'john.smith@gmail.com' as 'j***@gmail.com'; null for something that is not an address. */
export function maskEmail(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  if (at < 1 || at === email.trim().length - 1) return null;
  const value = email.trim();
  return `${value[0]}***@${value.slice(at + 1).toLowerCase()}`;
}
