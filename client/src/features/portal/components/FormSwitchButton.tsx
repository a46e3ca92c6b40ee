import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Under the sign-in and the first-time setup forms: the link-looking button that puts the other form in its place. */
export function FormSwitchButton({
  children,
  onClick,
  disabled,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      type="button"
      variant="link"
      className="h-auto justify-self-center p-0"
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
