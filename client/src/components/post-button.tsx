import type { PostedFormName } from '@shared/forms';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormNotice } from '@/components/ui/form-notice';
import { usePostedForm } from '@/lib/posted-form';

/**
 * One button posting one value to a page (an emailed link's answers): a plain web form without
 * JavaScript, which the server answers with a redirect back to the page; a fetch (`send`) with it.
 * A refused post's message shows on the button whose value was sent.
 */
export function PostButton({
  action,
  form: name,
  field,
  value,
  label,
  variant,
  send,
}: {
  action: string;
  form: PostedFormName;
  field: string;
  value: string;
  label: string;
  variant: 'accent' | 'outline';
  send: () => Promise<unknown>;
}) {
  const refused = usePostedForm(name);
  const form = useProgressiveForm({
    posted: refused?.values[field] === value ? name : undefined,
    // Nothing to check but the value the button carries: the server checks it.
    schema: () => import('@shared/schemas/alternative-choice').then((m) => m.alternativeChoiceSchema),
    fallback: 'That did not go through. Please try again.',
    onValid: send,
  });
  return (
    <form method="post" action={action} {...form.props} className="grid gap-2">
      <input type="hidden" name={field} value={value} />
      {form.problem && <FormNotice variant="destructive" title="Not sent" description={form.problem} />}
      <Button type="submit" variant={variant} className="w-full" disabled={form.pending}>
        {form.pending ? 'Sending...' : label}
      </Button>
    </form>
  );
}
