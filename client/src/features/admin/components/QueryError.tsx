import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/api';

/** What to show when a list fails to load, with a retry. */
export function QueryError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 text-center">
      <AlertTriangle className="h-6 w-6 text-destructive" aria-hidden="true" />
      <p className="font-medium text-foreground">{`Failed to load ${what}.`}</p>
      <p className="text-sm text-muted-foreground">{messageOf(error, 'Please try again.')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
