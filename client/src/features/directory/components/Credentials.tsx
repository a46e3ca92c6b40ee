import { ExternalLink } from 'lucide-react';
import { formatDay } from '@shared/credentials';
import type { CredentialRules } from '@shared/region';
import type { ContractorProfile } from '@shared/schemas/directory';
import { formatMonth } from '@shared/months';

type Shown = Pick<ContractorProfile, 'licenseNumber' | 'credentials' | 'yearsInBusiness'>;

/**
 * The profile's 'License & Credentials' (docs/decisions/0034-credentials-by-region.md): the
 * registration number with whether and when an administrator verified it, the insurance's verified
 * end date, one sentence on what the registration means and the official lookup (a plain link:
 * nothing is fetched from it). The words are the county's (`rules`, from useRegion(); docs/decisions/0102-region-in-boot-data.md),
 * so another state's county changes data only.
 */
export function CredentialsDetails({ c, rules }: { c: Shown; rules: CredentialRules }) {
  const { registration, insurance } = c.credentials;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium">License Number</dt>
        <dd data-testid="registration">
          {c.licenseNumber ? (
            <>
              <span className="font-mono">{c.licenseNumber}</span>
              <span className={registration.verified ? 'text-success' : 'text-muted-foreground'}>
                {' · '}
                {registration.verified
                  ? `Registration verified${registration.verifiedMonth ? ` ${formatMonth(registration.verifiedMonth, true)}` : ''}`
                  : 'not verified'}
              </span>
            </>
          ) : (
            'Not provided'
          )}
        </dd>
        <dt className="font-medium">Insurance</dt>
        <dd data-testid="insurance">
          {insurance.verified
            ? insurance.insuredUntil
              ? `Insured until ${formatDay(insurance.insuredUntil)}`
              : 'Insured, verified'
            : 'not verified'}
        </dd>
        {c.yearsInBusiness !== null && (
          <>
            <dt className="font-medium">Years in Business</dt>
            <dd>{c.yearsInBusiness}</dd>
          </>
        )}
      </dl>
      <p className="text-sm text-muted-foreground">
        {rules.registration.explanation}{' '}
        <a
          href={rules.registration.lookupUrl}
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          {rules.registration.lookupLabel}
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        </a>
      </p>
    </div>
  );
}
