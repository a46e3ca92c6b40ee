// Choice (the Radix select) is imported from './radix-choice' where it is used, so pages without it do not load it.
export { NativeChoice, type ChoiceProps } from './choice';
export type { FormValuesRaw } from './engine';
export { fieldErrorsOf } from './field-errors';
export { Form } from './form';
export { Honeypot, honeypotOf } from './honeypot';
export { SubmitButton } from './submit-button';
export { useProgressiveForm, type ProgressiveForm } from './use-progressive-form';
