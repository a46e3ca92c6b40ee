import { Link } from 'wouter';
import { useRegion } from '@/lib/region';
import { useAdminCounty, useAdminSession, workingCounty } from '../api';
import { LEAD_DELIVERY_LABELS, releaseAfterText } from '../labels';

/**
 * How the working county delivers its leads (docs/decisions/0117-lead-routing.md), read-only: a
 * county administrator sees it here, the Counties page being the platform administrator's, who
 * changes it there. Nothing while no county is worked in or it loads.
 */
export function CountyDeliveryNote() {
  const session = useAdminSession();
  const county = useAdminCounty(workingCounty(session, useRegion().slug)).data;
  if (!county || session.state !== 'authenticated') return null;
  const mode = LEAD_DELIVERY_LABELS[county.leadDelivery];
  return (
    <p className="mt-4 text-sm text-muted-foreground" data-testid="county-lead-delivery">
      <span className="font-medium text-foreground">{`Lead delivery in ${county.name}: ${mode.name}.`}</span>{' '}
      {`${mode.about} ${releaseAfterText(county.releaseAfterHours)}`}
      {session.role === 'platform' && (
        <>
          {' '}
          <Link href="/admin/counties" className="font-medium text-primary hover:underline">
            Change it on the Counties page
          </Link>
        </>
      )}
    </p>
  );
}
