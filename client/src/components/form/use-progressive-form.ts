import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PostedFormName } from '@shared/forms';
import type { z } from 'zod';
import { postedText, usePostedForm } from '@/app/posted-form';
import { describedBy } from '@/components/ui/field';
import { messageOf } from '@/lib/api';
import type { FieldMessages, FormEngine, FormValuesRaw } from './engine';
import { fieldErrorsOf } from './field-errors';
import { fieldNamesOf, firstInvalid, formValuesOf } from './form-values';

// The engine (react-hook-form and the resolver) is its own chunk, fetched when a form is first used.
const loadEngine = () => import('./engine');

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
 * The one form (docs/decisions/0097-one-progressive-form.md). Its controls are plain named inputs,
 * so the server renders a form that posts without JavaScript and the browser hydrates the same
 * markup; in the browser the submit is checked by the shared schema through react-hook-form
 * (loaded on first use) and sent by `onValid`. Field messages come from the checker, the server's
 * answer or a refused post, in one state; the first field to fix gets the focus.
 */
export function useProgressiveForm<S extends z.ZodType>(options: ProgressiveFormOptions<S>) {
  const posted = usePostedForm(options.posted ?? ('' as PostedFormName));
  const ref = useRef<HTMLFormElement>(null);
  const engine = useRef<Promise<FormEngine<S>> | null>(null);
  const sent = useRef(false);
  const latest = useRef(options);
  // Handlers read the latest options (the caller's closures), set after each render.
  useEffect(() => {
    latest.current = options;
  });
  const [errors, setErrors] = useState<FieldMessages>(() => posted?.errors ?? {});
  const [problem, setProblem] = useState<string | null>(() => (posted ? posted.message || options.fallback : null));
  const [pending, setPending] = useState(false);
  const [focusFirst, setFocusFirst] = useState(0);
  // The browser focuses the first field to fix as a refused post's answer loads, without JavaScript.
  const [autoFocus] = useState(() => Object.keys(posted?.errors ?? {})[0]);

  useEffect(() => {
    if (!focusFirst || !ref.current) return;
    firstInvalid(ref.current, errors)?.focus();
  }, [focusFirst]); // eslint-disable-line react-hooks/exhaustive-deps -- once per check, with the errors it set

  const load = () => {
    engine.current ??= Promise.all([loadEngine(), latest.current.schema()]).then(([{ createFormEngine }, schema]) => {
      const e = createFormEngine(schema, latest.current.toInput);
      e.subscribe(setErrors);
      if (posted && Object.keys(posted.errors).length) e.setErrors(posted.errors);
      return e;
    });
    return engine.current;
  };
  const valuesOf = (form: HTMLFormElement) => formValuesOf(form, latest.current.lists);

  const show = (next: FieldMessages) => {
    setErrors(next);
    setFocusFirst((n) => n + 1);
  };

  /** A failed send: the server's field errors onto the fields, its message as the problem. */
  const fail = async (error: unknown) => {
    const form = ref.current;
    const fields = form ? fieldErrorsOf(error, fieldNamesOf(form)) : {};
    if (Object.keys(fields).length) {
      (await load()).setErrors(fields);
      show(fields);
    }
    const message = messageOf(error, latest.current.fallback);
    if (latest.current.onProblem) latest.current.onProblem(message, error);
    else setProblem(message);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending) return;
    setProblem(null);
    setPending(true);
    try {
      const checked = await (await load()).check(valuesOf(form));
      sent.current = true;
      if (!checked.ok) {
        latest.current.onInvalid?.(checked.errors);
        return show(checked.errors);
      }
      await latest.current.onValid(checked.data, form);
    } catch (error) {
      await fail(error);
    } finally {
      setPending(false);
    }
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    const form = event.currentTarget;
    if (sent.current) void load().then((e) => e.changed(valuesOf(form), name || undefined));
    // Before the first send, a changed field's message (from a refused post) goes.
    else if (name) setErrors((e) => (e[name] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== name)) : e));
  };

  return {
    /** Spread on the <form>, beside its method and action (which the page needs without JavaScript). */
    props: { ref, noValidate: true, onSubmit: (e: FormEvent<HTMLFormElement>) => void onSubmit(e), onChange, onFocus: () => void load() },
    errors,
    problem,
    pending,
    /** The refused post this form answers (its values and message), or null. */
    posted,
    /** A plain control's props: its name, the value a refused post kept, its error's aria wiring. */
    control: (name: string, id: string) => ({
      id,
      name,
      defaultValue: posted ? postedText(posted, name) : (options.defaultValues?.[name] ?? ''),
      autoFocus: autoFocus === name || undefined,
      ...describedBy(id, errors[name]),
    }),
    /** Empties the form after a send that succeeded. */
    reset: () => {
      ref.current?.reset();
      sent.current = false;
      void engine.current?.then((e) => e.reset());
      setErrors({});
      setProblem(null);
    },
  };
}

export type ProgressiveForm = ReturnType<typeof useProgressiveForm>;
