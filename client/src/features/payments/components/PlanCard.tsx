import { formatMoney } from '@shared/money';
import type { Plan } from '@shared/plans';
import { Badge } from '@/components/ui/badge';
import { PlanFeatures } from '@/components/plan-features';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** The spec's badges: Pro is 'Most Popular', Premium is 'Featured'. */
export const PLAN_BADGES: Partial<Record<Plan['id'], string>> = { pro: 'Most Popular', premium: 'Featured' };

const CTA: Record<Plan['id'], string> = { free: 'Start Free', pro: 'Choose Pro', premium: 'Choose Premium' };

export function PlanCard({
  plan,
  onChoose,
  pending,
  disabled,
  selected,
}: {
  plan: Plan;
  onChoose: () => void;
  /** This plan's checkout is being prepared. */
  pending: boolean;
  disabled: boolean;
  /** Chosen before signing in (?plan=): shown with a ring. */
  selected: boolean;
}) {
  const badge = PLAN_BADGES[plan.id];
  const popular = plan.id === 'pro';
  const headingId = `plan-${plan.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-testid={`plan-${plan.id}`}
      className={cn(
        'relative flex h-full flex-col p-6',
        popular && 'border-2 border-primary shadow-md',
        selected && 'ring-2 ring-accent ring-offset-2',
      )}
    >
      <div className="flex min-h-7 items-start justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {plan.name}
        </h2>
        {badge && <Badge className={popular ? undefined : 'bg-accent text-accent-foreground'}>{badge}</Badge>}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">
          {formatMoney(plan.priceCents, { dropZeroCents: true })}
        </span>
        <span className="text-muted-foreground">/month</span>
      </p>
      <p className="mt-1 font-medium text-primary" data-testid="plan-leads">{`${plan.leadCredits} leads per month`}</p>
      <PlanFeatures
        features={plan.features}
        className="mt-6 flex-1 content-start gap-2.5"
        label={`${plan.name} features`}
      />
      <Button
        className="mt-8 w-full"
        size="lg"
        variant={popular ? 'default' : plan.id === 'premium' ? 'accent' : 'outline'}
        onClick={onChoose}
        disabled={disabled}
        aria-describedby={headingId}
      >
        {pending ? 'Redirecting to checkout...' : CTA[plan.id]}
      </Button>
    </Card>
  );
}
