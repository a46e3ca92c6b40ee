import type { ReactNode } from 'react';
import type { ProgressiveForm } from '@/components/form';
import { FormNotice } from '@/components/ui/form-notice';
import { InlineFormActions } from '@/components/ui/inline-form-actions';

/** A change made in a table's row (an account's email, a county's lead delivery): its fields, the problem if any, Save and Cancel. */
export function RowForm({
  form,
  label,
  save,
  onCancel,
  children,
}: {
  form: ProgressiveForm;
  label: string;
  save: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form {...form.props} className="grid gap-3" aria-label={label}>
      {form.problem && <FormNotice variant="destructive" title="Error" description={form.problem} />}
      {children}
      <InlineFormActions pending={form.pending} submit={save} onCancel={onCancel} />
    </form>
  );
}
