/**
 * The contractor sign-in's limits, without zod: the portal's inputs restate them (maxLength, the
 * setup code's hint) and import them from here, so its pages do not load the schema module
 * (shared/schemas/contractor-auth.ts) before a form is used.
 */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 200;
export const SETUP_TOKEN_LENGTH = 12;
export const PASSWORD_MIN_LENGTH = 12;
