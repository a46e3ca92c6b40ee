import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { formatDay } from '@shared/credentials';
import type { CredentialVerification } from '@shared/schemas/credentials';
import { formatDateTime } from '@/lib/format';
import { useRegion } from '@/lib/region';

/** Where one credential stands: verified (by whom, when, how, until when), expired, or not verified (docs/decisions/0032-credential-verification.md). */
export function CredentialStatus({ v, testId }: { v: CredentialVerification; testId: string }) {
  const { timeZone } = useRegion();
  if (v.lapsed)
    return (
      <p className="flex items-start gap-2 text-sm font-medium text-destructive" data-testid={testId}>
        <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {`Expired on ${formatDay(v.expiresOn!)}: no longer shown as verified`}
      </p>
    );
  if (!v.verified)
    return (
      <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid={testId}>
        <ShieldQuestion className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        Not verified
      </p>
    );
  const who = [v.verifiedBy && `by ${v.verifiedBy}`, v.verifiedAt && formatDateTime(v.verifiedAt, timeZone)]
    .filter(Boolean)
    .join(', ');
  return (
    <p className="flex items-start gap-2 text-sm text-success" data-testid={testId}>
      <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {`Verified${who ? ` ${who}` : ''}${v.expiresOn ? `, valid until ${formatDay(v.expiresOn)}` : ''}`}
        {v.how && <span className="block text-xs text-muted-foreground">{v.how}</span>}
      </span>
    </p>
  );
}
