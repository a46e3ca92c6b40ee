import { cn } from '@/lib/cn';

const variants = {
  default: 'bg-background text-foreground',
  success: 'border-success border-l-4 bg-background text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
} as const;

/**
 * A form's outcome written into the page: what a notice (toast) says with JavaScript, for the
 * answer to a form sent without it. Errors are alerts; other outcomes are status messages.
 */
export function FormNotice({
  title,
  description,
  variant = 'default',
  className,
}: {
  title: string;
  description: string;
  variant?: keyof typeof variants;
  className?: string;
}) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      data-testid="form-notice"
      className={cn('grid gap-1 rounded-md border p-4 text-left', variants[variant], className)}
    >
      <p className="text-sm font-semibold">{title}</p>
      <p className="text-sm opacity-90">{description}</p>
    </div>
  );
}
