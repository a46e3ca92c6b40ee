import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { exportPath } from '../billing-api';

const FILES = [
  { kind: 'payments', label: 'Payments CSV' },
  { kind: 'leads', label: 'Leads CSV' },
] as const;

/** The bookkeeper's CSV files (docs/decisions/0113-self-service-billing.md): a plain download the browser saves, in the administrator's scope. */
export function ExportLinks({ contractorId }: { contractorId?: number }) {
  return (
    <div className="flex flex-wrap gap-2">
      {FILES.map((f) => (
        <Button key={f.kind} asChild size="sm" variant="outline">
          <a href={exportPath(f.kind, contractorId)} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {f.label}
          </a>
        </Button>
      ))}
    </div>
  );
}
