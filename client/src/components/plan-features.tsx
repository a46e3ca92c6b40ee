import { Check, Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A plan's features as a ticked list (the pricing page, checkout, the portal); `star` marks Premium's upsell. */
export function PlanFeatures({
  features,
  mark = 'check',
  className,
  label,
}: {
  features: readonly string[];
  mark?: 'check' | 'star';
  className?: string;
  label?: string;
}) {
  const Icon = mark === 'star' ? Star : Check;
  return (
    <ul className={cn('grid gap-2 text-sm', className)} aria-label={label}>
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Icon
            className={
              mark === 'star'
                ? 'mt-0.5 h-4 w-4 shrink-0 fill-accent text-accent'
                : 'mt-0.5 h-4 w-4 shrink-0 text-primary'
            }
            aria-hidden="true"
          />
          {feature}
        </li>
      ))}
    </ul>
  );
}
