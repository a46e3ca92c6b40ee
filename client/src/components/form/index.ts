export { Choice } from './choice-field';
export type { FormValuesRaw } from './engine';
export { fieldErrorsOf } from './field-errors';
export { Honeypot, honeypotOf } from './honeypot';
export { useProgressiveForm, type ProgressiveForm } from './use-progressive-form';
