import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** The contractor list, which a contractor's stats and credentials pages lead back to. */
export const CONTRACTORS_PATH = '/admin/contractors';

/** The contractor id in a `/admin/contractors/:id/...` address; 0 for anything else (answered as not found). */
export const contractorIdOf = (param: string | undefined): number =>
  /^\d{1,9}$/.test(param ?? '') ? Number(param) : 0;

export function BackToContractors() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={CONTRACTORS_PATH}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All contractors
      </Link>
    </Button>
  );
}
