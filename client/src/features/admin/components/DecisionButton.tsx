import { Check, RotateCcw, X } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/**
 * The small buttons a moderation row decides with (a listing, a claim, a photo). The visible word
 * is the decision; the accessible name adds what it decides on, so a screen of rows reads apart.
 */
const DECISIONS = {
  Approve: { icon: Check, variant: 'default' },
  Reject: { icon: X, variant: 'outline' },
  Deny: { icon: X, variant: 'outline' },
  'Take down': { icon: X, variant: 'outline' },
  Undo: { icon: RotateCcw, variant: 'outline' },
  Reconsider: { icon: RotateCcw, variant: 'outline' },
} as const satisfies Record<string, Pick<ButtonProps, 'icon' | 'variant'>>;

export type Decision = keyof typeof DECISIONS;

interface DecisionButtonProps {
  decision: Decision;
  /** What the decision is on, after the word: 'Approve' + 'the claim of Smith Roofing'. */
  subject: string;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
}

export function DecisionButton({ decision, subject, ...props }: DecisionButtonProps) {
  const { icon, variant } = DECISIONS[decision];
  return (
    <Button size="sm" variant={variant} icon={icon} aria-label={`${decision} ${subject}`} {...props}>
      {decision}
    </Button>
  );
}
