import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** One figure with its name and a short note; a placeholder bar while it loads. */
export function StatCard({
  title,
  value,
  note,
  icon: Icon,
  loading,
}: {
  title: string;
  value: string | number | undefined;
  note?: string;
  icon: LucideIcon;
  loading?: boolean;
}) {
  return (
    <Card className="p-4 sm:p-5" data-testid="stat-card">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      </div>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-20" />
      ) : (
        <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{value ?? '—'}</p>
      )}
      {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
    </Card>
  );
}
