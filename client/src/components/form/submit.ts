import type { PostedForm } from '@shared/forms';
import type { z } from 'zod';
import { messageOf } from '@/lib/api';
import { createFormEngine, type FieldMessages, type FormEngine } from './engine';
import { fieldErrorsOf } from './field-errors';
import { fieldNamesOf, firstInvalid, formValuesOf } from './form-values';
import type { ProgressiveFormOptions } from './use-progressive-form';

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

/** The form's engine, made once with the shared schema; a refused post's errors are its first. */
export function engineOf<S extends z.ZodType>(h: FormHandle<S>): Promise<FormEngine<S>> {
  h.engine.current ??= h
    .options()
    .schema()
    .then((schema) => {
      const e = createFormEngine(schema, h.options().toInput);
      e.subscribe(h.setErrors);
      if (h.posted && Object.keys(h.posted.errors).length) e.setErrors(h.posted.errors);
      return e;
    });
  return h.engine.current;
}

const valuesOf = <S extends z.ZodType>(h: FormHandle<S>, form: HTMLFormElement) => formValuesOf(form, h.options().lists);

/** A failed send: the server's field errors onto the fields, its message as the problem. */
async function fail<S extends z.ZodType>(h: FormHandle<S>, form: HTMLFormElement, error: unknown) {
  const fields = fieldErrorsOf(error, fieldNamesOf(form));
  if (Object.keys(fields).length) {
    (await engineOf(h)).setErrors(fields);
    h.show(fields);
  }
  const { fallback, onProblem } = h.options();
  const message = messageOf(error, fallback);
  if (onProblem) onProblem(message, error);
  else h.setProblem(message);
}

/** A submit: checked by the schema, then sent by `onValid`; what went wrong goes onto the form. */
export async function submit<S extends z.ZodType>(h: FormHandle<S>, form: HTMLFormElement) {
  h.setProblem(null);
  h.setPending(true);
  try {
    const checked = await (await engineOf(h)).check(valuesOf(h, form));
    h.sent.current = true;
    if (!checked.ok) {
      h.options().onInvalid?.(checked.errors);
      return h.show(checked.errors);
    }
    await h.options().onValid(checked.data, form);
  } catch (error) {
    await fail(h, form, error);
  } finally {
    h.setPending(false);
  }
}

/** After the first send, a change re-checks the changed field and those in error. */
export async function changed<S extends z.ZodType>(h: FormHandle<S>, form: HTMLFormElement, name: string) {
  await (await engineOf(h)).changed(valuesOf(h, form), name || undefined);
}

export function focusFirstInvalid(form: HTMLFormElement, errors: FieldMessages) {
  firstInvalid(form, errors)?.focus();
}
