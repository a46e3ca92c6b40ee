/**
 * What a contractor sees of a lead before it is paid or credited
 * (docs/decisions/0040-delivery-emails.md): the customer's contact details are what the lead sells,
 * and customers often type a phone number or an email address into the free text. One function
 * hides them wherever an unpaid lead is shown: the portal's API, the buy-lead page and the delivery
 * email.
 */

export const HIDDEN = '[contact hidden]';
const SUMMARY_LENGTH = 300;

// Seven or more digits with at most three separators between each: 570-555-0123,
// (570) 555 0123, +1 570.555.0123, 5705550123, 555-0123 and digits typed one by one.
const PHONE = /(?:\+\s*)?\(?\d(?:[\s().\-–]{0,3}\d){6,}\)?/g;

const AT = String.raw`(?:\s*@\s*|\s*[[({<]\s*at\s*[\])}>]\s*|\s+at\s+)`;
const DOT = String.raw`(?:\.|\s+\.\s+|\s*[[({<]\s*dot\s*[\])}>]\s*|\s+dot\s+)`;
const LOCAL = String.raw`(?<![\w.+-])[\w.+-]+`;
const LABEL = String.raw`[\w-]+`;
// An address written with '@' may end in any domain; one spelled 'at' needs a common ending,
// so 'meet at the barn dot...' is left alone while 'name at example dot com' is not.
const EMAIL = new RegExp(String.raw`${LOCAL}\s*@\s*${LABEL}(?:${DOT}${LABEL})*${DOT}[a-z]{2,24}\b`, 'gi');
const SPELLED_EMAIL = new RegExp(
  String.raw`${LOCAL}${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}(?:com|net|org|edu|gov|us|info|biz|io|co|me|ca|uk)\b`,
  'gi',
);

export function hideContactDetails(text: string): string {
  return text.replace(EMAIL, HIDDEN).replace(SPELLED_EMAIL, HIDDEN).replace(PHONE, HIDDEN);
}

/** The project text of an unpaid lead: contact details hidden, then cut to 300 characters. */
export function projectSummary(details: string): string {
  const hidden = hideContactDetails(details).trim();
  return hidden.length > SUMMARY_LENGTH ? `${hidden.slice(0, SUMMARY_LENGTH).trimEnd()}...` : hidden;
}
