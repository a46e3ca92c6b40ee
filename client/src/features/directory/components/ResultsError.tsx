import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** 'Failed to load contractors' with a Retry that reloads the page (spec). */
export function ResultsError() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-8 text-center" role="alert">
      <AlertTriangle className="h-8 w-8 text-destructive" aria-hidden="true" />
      <p className="font-medium">Failed to load contractors. Please try again.</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        Retry
      </Button>
    </div>
  );
}
