import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useRegion } from '@/lib/region';

/** The one-card layout of the confirmation pages: an icon, the h1, text and the way on. */
export function ResultPanel({
  icon: Icon,
  title,
  children,
  actions,
  tone = 'success',
  testId,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'success' | 'neutral' | 'error';
  testId?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A result replaces a loading state: screen readers start from its heading.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <div className="container mx-auto max-w-2xl px-4 py-10 md:py-16">
      <Card className="grid gap-6 p-6 text-center md:p-10" data-testid={testId}>
        <span
          className={cn(
            'mx-auto flex h-16 w-16 items-center justify-center rounded-full',
            tone === 'success' && 'bg-success/10 text-success',
            tone === 'neutral' && 'bg-secondary text-primary',
            tone === 'error' && 'bg-destructive/10 text-destructive',
          )}
        >
          <Icon className="h-9 w-9" aria-hidden="true" />
        </span>
        <div className="grid gap-3">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none md:text-3xl">
            {title}
          </h1>
          {children}
        </div>
        {actions && <div className="flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>}
      </Card>
    </div>
  );
}

export function PendingPanel({ label }: { label: string }) {
  return (
    <div className="container mx-auto max-w-2xl px-4 py-10 md:py-16">
      <Card role="status" className="grid justify-items-center gap-4 p-10 text-center">
        <span
          className="h-10 w-10 animate-spin rounded-full border-4 border-secondary border-t-primary"
          aria-hidden="true"
        />
        <p className="text-muted-foreground">{label}</p>
      </Card>
    </div>
  );
}

/** 'Questions? Email' the county's support address, under a result. */
export function SupportLine() {
  const region = useRegion();
  return (
    <p className="text-sm text-muted-foreground">
      {'Questions? Email '}
      <a href={`mailto:${region.supportEmail}`} className="font-medium text-primary underline-offset-4 hover:underline">
        {region.supportEmail}
      </a>
    </p>
  );
}
