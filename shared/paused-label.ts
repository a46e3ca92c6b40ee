// Kept apart from the preferences' schema: every public card shows it, and the public pages' JavaScript
// does not carry zod (docs/decisions/0064-bundle-cutting.md).

/** "Not taking new requests until March 2": the date is the first day it takes them again. */
export function pausedLabel(pausedUntil: string): string {
  const [y, m, d] = pausedUntil.split('-').map(Number);
  const month = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `Not taking new requests until ${month} ${d}`;
}
