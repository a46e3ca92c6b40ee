/**
 * A field real visitors never see or fill. Bots that fill every input are answered as if they
 * succeeded and nothing is stored (docs/decisions/0028-public-forms.md).
 */
export const HONEYPOT_FIELD = 'companyFax';

export function isBot(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const v = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null;
}

/**
 * The forms that also work as plain HTML forms, without JavaScript: the public ones
 * (docs/decisions/0023-forms-without-javascript.md) and signing in to the portal and the admin area
 * (docs/decisions/0124-sign-in-without-javascript.md).
 */
export type PostedFormName =
  | 'quote'
  | 'newsletter'
  | 'submission'
  | 'review'
  | 'hire-answer'
  | 'forgot-password'
  | 'reset-password'
  | 'confirm-email'
  | 'withdraw'
  | 'alternative'
  | 'request'
  | 'contractor-login'
  | 'admin-login'
  | 'admin-code';

/**
 * A form sent without JavaScript that the server refused: what was typed (every field of the
 * form but the honeypot), the field errors and the server's message. The server renders the
 * page it was sent to with it, and the browser hydrates that page with it, like the page's data.
 */
export interface PostedForm {
  form: PostedFormName;
  /** The page's path; the state belongs to that page only. */
  path: string;
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
  message: string;
}

/**
 * Where each form is sent without JavaScript (its page) and where a successful one leads: a
 * redirect after the POST (303), so reloading the page shown does not send it again.
 */
export const formPages = {
  quote: {
    path: (contractorId: number | string) => `/contractor/${contractorId}/quote`,
    done: (contractorId: number | string) => `/contractor/${contractorId}/quote?sent=1`,
  },
  newsletter: { path: '/', anchor: 'newsletter', done: '/?newsletter=subscribed#newsletter' },
  submission: { path: '/submit-business', done: '/submit-business?submitted=1' },
  // The follow-up email's link (docs/decisions/0051-review-links.md): the token is the page's address.
  review: {
    path: (token: string) => `/review/${encodeURIComponent(token)}`,
    done: (token: string) => `/review/${encodeURIComponent(token)}?sent=1`,
  },
  // A contractor's emailed links (docs/decisions/0108-contractor-password-reset.md): the token is a hidden field, so it never has to be in the address posted to.
  forgotPassword: { path: '/contractor/forgot-password', done: '/contractor/forgot-password?sent=1' },
  resetPassword: { path: '/contractor/reset-password', done: '/contractor/reset-password?done=1' },
  confirmEmail: { path: '/contractor/confirm-email', done: '/contractor/confirm-email?done=1' },
  // A homeowner's withdraw link (docs/decisions/0114-homeowner-privacy.md).
  withdraw: { path: '/withdraw', done: '/withdraw?done=1' },
  // A released request's link (alternativePage) and signing in (signInPages) keep theirs apart, out of every page's JavaScript.
} as const;
