import { Button, type ButtonProps } from '@/components/ui/button';

/** A small form's submit and Cancel, side by side under its fields (a row's edit, a photo's caption or rejection). */
export function InlineFormActions({
  pending,
  onCancel,
  submit,
  sending = 'Saving...',
  variant,
}: {
  pending: boolean;
  onCancel: () => void;
  submit: string;
  sending?: string;
  variant?: ButtonProps['variant'];
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm" variant={variant} disabled={pending}>
        {pending ? sending : submit}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
