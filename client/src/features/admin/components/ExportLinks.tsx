import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { exportPath } from '../billing-api';

/** The bookkeeper's CSV files (docs/decisions/0113-self-service-billing.md): a plain download the browser saves, in the administrator's scope. */
export function ExportLinks({ contractorId }: { contractorId?: number }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild size="sm" variant="outline">
        <a href={exportPath('payments', contractorId)} download>
          <Download className="h-4 w-4" aria-hidden="true" />
          Payments CSV
        </a>
      </Button>
      <Button asChild size="sm" variant="outline">
        <a href={exportPath('leads', contractorId)} download>
          <Download className="h-4 w-4" aria-hidden="true" />
          Leads CSV
        </a>
      </Button>
    </div>
  );
}
