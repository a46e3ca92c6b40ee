import { Button, type ButtonProps } from '@/components/ui/button';

/** A form's submit button: disabled while the form is being sent, and saying so (`pendingLabel`). */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: Omit<ButtonProps, 'type' | 'disabled'> & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
