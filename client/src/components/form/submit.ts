import type { z } from 'zod';
import { messageOf } from '@/lib/api';
import { createFormEngine, type FieldMessages, type FormEngine } from './engine';
import { fieldErrorsOf } from './field-errors';
import { fieldNamesOf, firstInvalid, formValuesOf } from './form-values';
import type { FormHandle } from './types';

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

const valuesOf = <S extends z.ZodType>(h: FormHandle<S>, form: HTMLFormElement) =>
  formValuesOf(form, h.options().lists);

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
  await (await engineOf(h)).changed(valuesOf(h, form), name);
}

export function focusFirstInvalid(form: HTMLFormElement, errors: FieldMessages) {
  firstInvalid(form, errors)?.focus();
}
