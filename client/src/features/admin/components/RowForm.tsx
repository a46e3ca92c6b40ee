import type { ReactNode } from 'react';
import type { ProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormNotice } from '@/components/ui/form-notice';

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
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={form.pending}>
          {form.pending ? 'Saving...' : save}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
