import type { PostedForm, PostedFormName } from '@shared/forms';
import type { z } from 'zod';
import type { FieldMessages, FormEngine, FormValuesRaw } from './engine';

/** What a form gives the one form (docs/decisions/0097-one-progressive-form.md). */
export interface ProgressiveFormOptions<S extends z.ZodType> {
  /** The public form this is, when it also posts without JavaScript: its refused post fills it in. */
  posted?: PostedFormName;
  /** The shared schema the server checks too; loaded with the engine, not with the page. */
  schema: () => Promise<S>;
  /** Turns what the controls hold into the schema's input (shared with the server's web-form route). */
  toInput?: (values: FormValuesRaw) => unknown;
  /** Checkbox groups: their values are lists. */
  lists?: readonly string[];
  /** What the controls start with when no refused post fills them in (an edit form's saved values). */
  defaultValues?: Readonly<Record<string, string>>;
  /** Sends the checked values; a thrown error's field errors go onto the fields. */
  onValid: (data: z.output<S>, form: HTMLFormElement) => Promise<unknown> | unknown;
  /** Also told when the check refuses the values (a dialog that says so in a toast). */
  onInvalid?: (errors: FieldMessages) => void;
  /** What to say when sending failed and the server said nothing itself. */
  fallback: string;
  /** Says a failure another way (a toast) instead of the form's own `problem`. */
  onProblem?: (message: string, error: unknown) => void;
}

/**
 * What the hook hands its lazy half: the latest options and the state setters. Kept in the engine's
 * chunk with everything a send needs (checking, sending, the server's errors, the focus), so a page
 * pays only for the hook's state and markup until its form is used
 * (docs/decisions/0097-one-progressive-form.md).
 */
export interface FormHandle<S extends z.ZodType> {
  options: () => ProgressiveFormOptions<S>;
  engine: { current: Promise<FormEngine<S>> | null };
  sent: { current: boolean };
  posted: PostedForm | null;
  setErrors: (errors: FieldMessages) => void;
  setProblem: (problem: string | null) => void;
  setPending: (pending: boolean) => void;
  /** Shows these messages and focuses the first field to fix once they are drawn. */
  show: (errors: FieldMessages) => void;
}
