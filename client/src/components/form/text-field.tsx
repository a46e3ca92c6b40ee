import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { ProgressiveForm } from './use-progressive-form';

/**
 * A labelled input of a progressive form: the Field (label, hint, the field's error) around an
 * Input wired to the form under `name`. Other input attributes (type, autoComplete, maxLength)
 * pass through.
 */
export function TextField({
  form,
  name,
  id,
  label,
  hint,
  fieldClassName,
  ...input
}: {
  form: Pick<ProgressiveForm, 'errors' | 'control'>;
  name: string;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The Field's own class (its width, say); `className` is the input's. */
  fieldClassName?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'form'>) {
  return (
    <Field id={id} label={label} error={form.errors[name]} hint={hint} className={fieldClassName}>
      <Input {...input} {...form.control(name, id)} />
    </Field>
  );
}
