/**
 * The words a texted number answers to opt out of texts and back in (docs/decisions/0118-text-messages.md):
 * Twilio's standard opt-out and opt-in keywords. As on Twilio, the keyword is the whole message, in
 * any case; spaces and a closing full stop or exclamation mark around it are allowed ("Stop.").
 * Anything else is not a keyword: "please don't stop" opts nobody out.
 */
export const OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_WORDS = ['START', 'UNSTOP'] as const;

export type TextKeyword = 'stop' | 'start';

export function textKeyword(body: string): TextKeyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .trim()
    .toUpperCase();
  if ((OPT_OUT_WORDS as readonly string[]).includes(word)) return 'stop';
  if ((OPT_IN_WORDS as readonly string[]).includes(word)) return 'start';
  return null;
}
