/**
 * The contractor sign-in's limits, without zod: the portal's inputs restate them (maxLength, the
 * setup code's hint) and import them from here, so its pages do not load the schema module
 * (shared/schemas/contractor-auth.ts) before a form is used.
 */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 200;
export const SETUP_TOKEN_LENGTH = 12;
export const PASSWORD_MIN_LENGTH = 12;

/** What a used, replaced, expired or wrong emailed link is answered (docs/decisions/0108-contractor-password-reset.md). */
export const INVALID_LINK_MESSAGE =
  'This link is not valid or has expired. Links from our emails work once, for one hour.';
/** What a reset request is answered, whether or not an account uses the address. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses that email address, we have sent it a link to choose a new password. The link works once, for one hour.';
