/**
 * A phone number as texts are addressed and opt-outs are kept (E.164: +15705550123), or null when
 * the number cannot take a text. A North American number may be written as people do (570-555-0123,
 * (570) 555 0123, 1 570 555 0123); another country's needs its + and country code
 * (docs/decisions/0118-text-messages.md).
 */
export function toE164(phone: string): string | null {
  const compact = phone.trim().replace(/[\s().\-–]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  // NANP: an area code and an exchange never start with 0 or 1.
  const nanp = /^1?([2-9]\d{2}[2-9]\d{6})$/.exec(compact);
  return nanp ? `+1${nanp[1]}` : null;
}

/** Digits of a phone number, the last ten (a leading 1 or +1 aside), for comparing two spellings. */
export const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-10);
