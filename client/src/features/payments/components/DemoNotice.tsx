import { FlaskConical } from 'lucide-react';
import { cn } from '@/lib/cn';
import { DEMO_NOTICE } from '../format';

/** The plain statement that the demo payment provider is active and no card is charged (docs/decisions/0007-payment-provider.md). */
export function DemoNotice({ children, className }: { children?: React.ReactNode; className?: string }) {
  return (
    <div
      role="note"
      data-testid="demo-notice"
      className={cn(
        'flex gap-3 rounded-md border border-warning-foreground/25 bg-warning p-3 text-sm text-warning-foreground',
        className,
      )}
    >
      <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{DEMO_NOTICE}</p>
        {children && <p>{children}</p>}
      </div>
    </div>
  );
}
