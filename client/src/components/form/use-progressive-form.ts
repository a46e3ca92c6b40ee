import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PostedFormName } from '@shared/forms';
import type { z } from 'zod';
import { postedText, usePostedForm } from '@/lib/posted-form';
import { describedBy } from '@/components/ui/field';
import type { FieldMessages, FormEngine } from './engine';
import type { FormHandle, ProgressiveFormOptions } from './types';

export type { ProgressiveFormOptions } from './types';

// Checking and sending (react-hook-form, the resolver, the error mapping) are a chunk of their own,
// fetched when a form is first focused or sent.
const loadSubmit = () => import('./submit');

/**
 * The one form (docs/decisions/0097-one-progressive-form.md). Its controls are plain named inputs,
 * so the server renders a form that posts without JavaScript and the browser hydrates the same
 * markup; in the browser the submit is checked by the shared schema through react-hook-form
 * (loaded on first use) and sent by `onValid`. Field messages come from the checker, the server's
 * answer or a refused post, in one state; the first field to fix gets the focus.
 */
export function useProgressiveForm<S extends z.ZodType>(options: ProgressiveFormOptions<S>) {
  const refused = usePostedForm(options.posted ?? ('' as PostedFormName));
  // After a send that succeeded the refused post is over: the emptied controls start from the defaults.
  const [fresh, setFresh] = useState(0);
  const posted = fresh ? null : refused;
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

  // The controls' default values are the defaults again once this render is drawn: empty them.
  useEffect(() => {
    if (fresh) ref.current?.reset();
  }, [fresh]);

  useEffect(() => {
    const form = ref.current;
    if (focusFirst && form) void loadSubmit().then((m) => m.focusFirstInvalid(form, errors));
  }, [focusFirst]); // eslint-disable-line react-hooks/exhaustive-deps -- once per check, with the errors it set

  const handle: FormHandle<S> = {
    options: () => latest.current,
    engine,
    sent,
    posted,
    setErrors,
    setProblem,
    setPending,
    show: (next) => {
      setErrors(next);
      setFocusFirst((n) => n + 1);
    },
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending) return;
    setPending(true);
    // Without the chunk (the network went away) nothing can be checked or sent: say so.
    void loadSubmit().then(
      (m) => m.submit(handle, form),
      () => {
        setPending(false);
        setProblem(latest.current.fallback);
      },
    );
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    const form = event.currentTarget;
    if (sent.current && name) void loadSubmit().then((m) => m.changed(handle, form, name));
    // Before the first send, a changed field's message (from a refused post) goes.
    else if (name) setErrors((e) => (e[name] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== name)) : e));
  };

  return {
    /** Spread on the <form>, beside its method and action (which the page needs without JavaScript). */
    props: {
      ref,
      noValidate: true,
      onSubmit,
      onChange,
      onFocus: () => void loadSubmit().then((m) => m.engineOf(handle)),
    },
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
      setFresh((n) => n + 1);
      sent.current = false;
      void engine.current?.then((e) => e.reset());
      setErrors({});
      setProblem(null);
    },
  };
}

export type ProgressiveForm = ReturnType<typeof useProgressiveForm>;
