import { useState, type FormEvent } from 'react';
import { region } from '@shared/region';
import { credentialsUpdateSchema, type ContractorCredentials } from '@shared/schemas/credentials';
import { CertificateLine, CertificateUpload } from '@/components/credentials/certificate-upload';
import { CredentialInputs, credentialValues } from '@/components/credentials/credential-inputs';
import { CredentialStatus } from '@/components/credentials/credential-status';
import { QueryLoading, QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { CardHeading } from '../components/parts';
import { CERTIFICATE_HREF, useCredentials, useUpdateCredentials, useUploadCertificate } from '../credentials-api';

function CredentialsForm({ c }: { c: ContractorCredentials }) {
  const update = useUpdateCredentials();
  const upload = useUploadCertificate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploadError, setUploadError] = useState<string | undefined>();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = credentialValues(e.currentTarget);
    const parsed = credentialsUpdateSchema.safeParse(values);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    update.mutate(values, {
      onSuccess: () => toast({ title: 'Credentials Saved', description: 'A changed credential is shown as verified again once we have checked it.' }),
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fieldErrors);
        toast({ title: 'Error', description: messageOf(err, 'Failed to save your credentials'), variant: 'destructive' });
      },
    });
  };
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
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <CredentialInputs idPrefix="portal-credentials" values={c} errors={errors} onEdit={(name) => setErrors(({ [name]: _gone, ...rest }) => rest)} />
        <p className="text-xs text-muted-foreground">Changing a verified credential sends it back to us for checking; until then your listing does not show it as verified.</p>
        <Button type="submit" className="w-fit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save credentials'}
        </Button>
      </form>
      <div className="grid gap-2 border-t pt-4">
        <CertificateLine certificate={c.certificate} href={CERTIFICATE_HREF} />
        <CertificateUpload
          id="portal-certificate"
          pending={upload.isPending}
          error={uploadError}
          onUpload={(file) => {
            setUploadError(undefined);
            upload.mutate(file, {
              onSuccess: () => toast({ title: 'Certificate Uploaded', description: 'We will check it and show your insurance as verified.' }),
              onError: (err) => setUploadError(messageOf(err, 'Failed to upload the certificate')),
            });
          }}
        />
      </div>
    </div>
  );
}

/** The portal's credentials (docs/decisions/0031-credentials-stored.md): the registration and insurance the listing shows, and the certificate. */
export function CredentialsCard() {
  const query = useCredentials();
  return (
    <Card className="lg:col-span-3" data-testid="credentials-card">
      <CardHeading title="License & insurance" />
      <p className="px-5 pb-4 text-sm text-muted-foreground">{`Your ${region.credentials.registration.name} and your liability insurance, as homeowners see them once we have checked them.`}</p>
      <QueryView query={query} what="your credentials" loading={<QueryLoading what="your credentials" rows={2} className="h-16" />} frame={(state) => <div className="px-5 pb-5">{state}</div>}>
        {(c) => <CredentialsForm key={`${c.licenseNumber}|${c.registrationExpiresOn}|${c.insuranceExpiresOn}`} c={c} />}
      </QueryView>
    </Card>
  );
}
