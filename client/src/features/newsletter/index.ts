// The newsletter feature as other features may use it.
export { NewsletterSignup } from './NewsletterSignup';
