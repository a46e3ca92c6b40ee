import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import type { RouteInput } from '@/app/route-input';
import { Button } from '@/components/ui/button';
import { StatsView } from '@/features/contractor-stats';
import { useContractorStats } from './api';
import { PageHeader } from './components/PageHeader';
import { QueryError } from './components/QueryError';

const CONTRACTORS_PATH = '/admin/contractors';

/** One contractor's last 12 months, as its portal dashboard shows them (docs/decisions.md §11). */
export default function ContractorStatsPage({ params }: RouteInput) {
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const stats = useContractorStats(id);
  const back = (
    <Button asChild variant="outline" size="sm">
      <Link href={CONTRACTORS_PATH}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All contractors
      </Link>
    </Button>
  );
  return (
    <>
      <PageHeader
        title={stats.data ? `Stats: ${stats.data.name}` : 'Contractor Stats'}
        description="Profile views, quote requests, leads and what came of them, month by month for the last 12 months."
        path={`${CONTRACTORS_PATH}/${params.id ?? ''}/stats`}
        actions={back}
      />
      {stats.isPending ? (
        <p role="status" className="py-10 text-center text-sm text-muted-foreground">
          Loading stats...
        </p>
      ) : stats.isError ? (
        <QueryError error={stats.error} what="the stats" onRetry={() => void stats.refetch()} />
      ) : (
        <StatsView stats={stats.data} caption={`${stats.data.name}: figures by month, newest first`} />
      )}
    </>
  );
}
