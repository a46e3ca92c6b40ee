import { ShieldCheck, ShieldOff } from 'lucide-react';
import type { AdminContractor } from '@shared/schemas/admin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useRegion } from '@/lib/region';

/** Whether the contractor's licence and insurance were checked, by whom and when (docs/decisions/0019-verifying-contractors.md). */
export function VerificationStatus({ c }: { c: AdminContractor }) {
  const { timeZone } = useRegion();
  // A verified credential reached its expiry date: the badge dropped by itself (docs/decisions/0033-credential-expiry.md).
  if (c.lapsed)
    return (
      <span className="text-xs font-medium text-destructive" data-testid="verification">
        Expired: not verified
      </span>
    );
  if (!c.verified)
    return (
      <span className="text-xs text-muted-foreground" data-testid="verification">
        Not verified
      </span>
    );
  // Verifications made before who and when were kept have neither.
  const by = [c.verifiedBy && `by ${c.verifiedBy}`, c.verifiedAt && formatDateTime(c.verifiedAt, timeZone)]
    .filter(Boolean)
    .join(', ');
  return (
    <span className="grid gap-0.5" data-testid="verification">
      <Badge variant="outline" className="w-fit whitespace-nowrap border-success font-normal">
        <ShieldCheck className="h-3 w-3 text-success" aria-hidden="true" />
        Verified
      </Badge>
      {by && <span className="text-xs text-muted-foreground">{by}</span>}
    </span>
  );
}

export function VerifyButton({
  c,
  busy,
  onVerify,
}: {
  c: AdminContractor;
  busy: boolean;
  onVerify: (c: AdminContractor, verified: boolean) => void;
}) {
  return c.verified ? (
    <Button
      size="sm"
      variant="outline"
      disabled={busy}
      onClick={() => onVerify(c, false)}
      aria-label={`Withdraw verification of ${c.name}`}
      icon={ShieldOff}
    >
      Unverify
    </Button>
  ) : (
    <Button
      size="sm"
      variant="outline"
      disabled={busy}
      onClick={() => onVerify(c, true)}
      aria-label={`Verify license and insurance of ${c.name}`}
      icon={ShieldCheck}
    >
      Verify
    </Button>
  );
}
