import { zodResolver } from '@hookform/resolvers/zod';
import { createFormControl, type FieldErrors, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/** What a form holds as the browser would send it: text fields as strings, ticked boxes as lists. */
export type FormValuesRaw = Record<string, string | string[]>;
export type FieldMessages = Record<string, string>;

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldMessages };

/** The first message of each field (nested paths count for their top field, as the server reports them). */
function messagesOf(errors: FieldErrors): FieldMessages {
  const out: FieldMessages = {};
  for (const [name, error] of Object.entries(errors)) {
    const message =
      typeof error?.message === 'string'
        ? error.message
        : Object.values(error ?? {}).find(
            (e): e is { message: string } => typeof (e as { message?: unknown })?.message === 'string',
          )?.message;
    if (message) out[name] = message;
  }
  return out;
}

/**
 * The browser half of the one form (docs/decisions/0097-one-progressive-form.md): react-hook-form
 * holds the values, runs the shared zod schema through its resolver, keeps the errors (the
 * checker's, then the server's), and re-checks on every change once the form has been sent. It
 * loads with the form's first focus or submit, in a chunk of its own, so a public page does not
 * pay for it before someone uses its form.
 */
export function createFormEngine<S extends z.ZodType>(
  schema: S,
  toInput: (values: FormValuesRaw) => unknown = (v) => v,
) {
  const resolve = zodResolver(schema as never);
  const form = createFormControl<FieldValues, unknown, FieldValues>({
    resolver: (values, context, options) =>
      resolve(toInput(values as FormValuesRaw) as never, context, options as never) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The form focuses the first field shown in error, whatever widget draws it.
    shouldFocusError: false,
  });
  let sent = false;
  /** The fields showing a message now. */
  let shown: string[] = [];
  form.subscribe({
    formState: { errors: true },
    callback: (state) => (shown = Object.keys(messagesOf(state.errors ?? {}))),
  });

  // What the form sends now, and nothing else: a box unticked since the last check is not sent,
  // so its old value goes too.
  const load = (values: FormValuesRaw) =>
    form.reset(values, { keepErrors: true, keepIsSubmitted: true, keepSubmitCount: true });

  return {
    /** Calls back with the fields' messages whenever they change. */
    subscribe(onErrors: (errors: FieldMessages) => void) {
      return form.subscribe({
        formState: { errors: true },
        callback: (state) => onErrors(messagesOf(state.errors ?? {})),
      });
    },

    /** Checks the values as they are now; the schema's output when they pass. */
    async check(values: FormValuesRaw): Promise<Checked<z.output<S>>> {
      sent = true;
      load(values);
      let outcome: Checked<z.output<S>> = { ok: false, errors: {} };
      await form.handleSubmit(
        (data) => {
          outcome = { ok: true, data: data as z.output<S> };
        },
        (errors) => {
          outcome = { ok: false, errors: messagesOf(errors) };
        },
      )();
      return outcome;
    },

    /**
     * After the first send, a change re-checks the changed field and the fields showing a message,
     * so a fixed field's message goes and a field not touched since gets none it did not have.
     */
    async changed(values: FormValuesRaw, name?: string) {
      if (!sent) return;
      load(values);
      await form.trigger(name ? [...new Set([...shown, name])] : undefined);
    },

    /** Back to an unsent, empty form. */
    reset() {
      sent = false;
      form.reset({});
    },

    /** Messages from elsewhere (the server, or the answer to a post sent without JavaScript). */
    setErrors(errors: FieldMessages) {
      form.clearErrors();
      for (const [name, message] of Object.entries(errors)) form.setError(name, { type: 'server', message });
    },
  };
}

export type FormEngine<S extends z.ZodType = z.ZodType> = ReturnType<typeof createFormEngine<S>>;
