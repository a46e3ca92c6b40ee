import type { ReactNode } from 'react';
import { FormNotice } from '@/components/ui/form-notice';
import type { ProgressiveForm } from './use-progressive-form';

/**
 * The one form's element: wired to the hook, posting to `action` where it also works without
 * JavaScript, and saying a failure above its fields (the refused post's message, or the send's).
 */
export function Form({
  form,
  label,
  action,
  problemTitle = 'Error',
  className = 'grid gap-4',
  children,
}: {
  form: ProgressiveForm;
  /** The form's accessible name. */
  label: string;
  /** The page it posts to without JavaScript; none where it needs JavaScript. */
  action?: string;
  problemTitle?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method={action ? 'post' : undefined} action={action} {...form.props} className={className} aria-label={label}>
      {form.problem && <FormNotice variant="destructive" title={problemTitle} description={form.problem} />}
      {children}
    </form>
  );
}
