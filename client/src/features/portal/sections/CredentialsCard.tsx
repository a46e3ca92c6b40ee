import type { ContractorCredentials } from '@shared/schemas/credentials';
import { CertificateLine, CertificateUpload } from '@/components/credentials/certificate-upload';
import { CredentialInputs, credentialValues } from '@/components/credentials/credential-inputs';
import { CredentialStatus } from '@/components/credentials/credential-status';
import { useProgressiveForm } from '@/components/form';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { toastProblem } from '@/components/ui/toast-problem';
import { CardHeading } from '../components/parts';
import { CERTIFICATE_HREF, useCredentials, useUpdateCredentials, useUploadCertificate } from '../credentials-api';
import { useRegion } from '@/lib/region';

function CredentialsForm({ c }: { c: ContractorCredentials }) {
  const region = useRegion();
  const update = useUpdateCredentials();
  const upload = useUploadCertificate();
  const form = useProgressiveForm({
    schema: () =>
      import('@shared/schemas/credentials').then((m) => m.credentialsUpdateSchemaFor(region.credentials.registration)),
    fallback: 'Failed to save your credentials',
    onProblem: toastProblem('Error'),
    // Sent as the inputs hold them ('' clears a fact): the checked output's nulls are not what the API takes.
    onValid: async (_checked, el) => {
      await update.mutateAsync(credentialValues(el));
      toast({
        title: 'Credentials Saved',
        description: 'A changed credential is shown as verified again once we have checked it.',
      });
    },
  });
  return (
    <div className="grid gap-5 px-5 pb-5">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">Registration</h3>
          <CredentialStatus v={c.registration} testId="portal-registration-status" />
        </div>
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">Insurance</h3>
          <CredentialStatus v={c.insurance} testId="portal-insurance-status" />
        </div>
      </div>
      <form {...form.props} className="grid gap-4">
        {/* The one form clears a changed field's message itself. */}
        <CredentialInputs idPrefix="portal-credentials" values={c} errors={form.errors} />
        <p className="text-xs text-muted-foreground">
          Changing a verified credential sends it back to us for checking; until then your listing does not show it as
          verified.
        </p>
        <Button type="submit" className="w-fit" disabled={form.pending}>
          {form.pending ? 'Saving...' : 'Save credentials'}
        </Button>
      </form>
      <div className="grid gap-2 border-t pt-4">
        <CertificateLine certificate={c.certificate} href={CERTIFICATE_HREF} />
        <CertificateUpload
          id="portal-certificate"
          upload={upload}
          uploaded="We will check it and show your insurance as verified."
        />
      </div>
    </div>
  );
}

/** The portal's credentials (docs/decisions/0031-credentials-stored.md): the registration and insurance the listing shows, and the certificate. */
export function CredentialsCard() {
  const region = useRegion();
  const query = useCredentials();
  return (
    <Card className="lg:col-span-3" data-testid="credentials-card">
      <CardHeading title="License & insurance" />
      <p className="px-5 pb-4 text-sm text-muted-foreground">{`Your ${region.credentials.registration.name} and your liability insurance, as homeowners see them once we have checked them.`}</p>
      <QueryView
        query={query}
        what="your credentials"
        placeholder={{ rows: 2, className: 'h-16' }}
        frame={(state) => <div className="px-5 pb-5">{state}</div>}
      >
        {(c) => <CredentialsForm key={`${c.licenseNumber}|${c.registrationExpiresOn}|${c.insuranceExpiresOn}`} c={c} />}
      </QueryView>
    </Card>
  );
}
