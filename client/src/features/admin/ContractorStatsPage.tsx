import type { RouteInput } from '@/lib/route-input';
import { QueryView } from '@/components/query-view';
import { StatsView } from '@/features/contractor-stats';
import { useContractorStats } from './api';
import { BackToContractors, CONTRACTORS_PATH, contractorIdOf } from './components/ContractorSubpage';
import { PageHeader } from './components/PageHeader';

/** One contractor's last 12 months, as its portal dashboard shows them (docs/decisions/0061-contractor-stats.md). */
export default function ContractorStatsPage({ params }: RouteInput) {
  const id = contractorIdOf(params.id);
  const stats = useContractorStats(id);
  return (
    <>
      <PageHeader
        title={stats.data ? `Stats: ${stats.data.name}` : 'Contractor Stats'}
        description="Profile views, quote requests, leads and what came of them, month by month for the last 12 months."
        path={`${CONTRACTORS_PATH}/${params.id ?? ''}/stats`}
        actions={<BackToContractors />}
      />
      <QueryView query={stats} what="the stats">
        {(data) => <StatsView stats={data} caption={`${data.name}: figures by month, newest first`} />}
      </QueryView>
    </>
  );
}
