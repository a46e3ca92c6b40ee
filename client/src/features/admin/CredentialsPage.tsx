import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Credential } from '@shared/credentials';
import { VERIFIED_HOW_MAX, type ContractorCredentials, type CredentialEvent } from '@shared/schemas/credentials';
import type { RouteInput } from '@/lib/route-input';
import { useProgressiveForm } from '@/components/form';
import { CertificateLine, CertificateUpload } from '@/components/credentials/certificate-upload';
import { CredentialInputs, credentialValues } from '@/components/credentials/credential-inputs';
import { CredentialStatus } from '@/components/credentials/credential-status';
import { Badge } from '@/components/ui/badge';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/format';
import { BackToContractors, CONTRACTORS_PATH, contractorIdOf } from './components/ContractorSubpage';
import { PageHeader } from './components/PageHeader';
import {
  certificateHref,
  useCredentials,
  useUnverifyCredential,
  useUpdateCredentials,
  useUploadCertificate,
  useVerifyCredential,
} from './credentials-api';
import { useRegion } from '@/lib/region';
import { toastError, toastProblem } from '@/components/ui/toast-problem';

const TITLES: Record<Credential, string> = { registration: 'Registration', insurance: 'Insurance' };
const ACTIONS: Record<CredentialEvent['action'], string> = {
  submitted: 'Submitted',
  updated: 'Changed',
  verified: 'Verified',
  unverified: 'Verification withdrawn',
  lapsed: 'Expired',
  certificate: 'Certificate uploaded',
};
const ACTORS: Record<CredentialEvent['actor'], string> = {
  admin: 'admin',
  contractor: 'the contractor',
  applicant: 'the business',
  system: 'the daily check',
};

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{title}</h2>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** Verify with how it was checked, or withdraw the verification. */
function VerifyControl({ id, c, credential }: { id: number; c: ContractorCredentials; credential: Credential }) {
  const region = useRegion();
  const verify = useVerifyCredential(id);
  const unverify = useUnverifyCredential(id);
  const checkedHow = region.credentials[credential].checkedHow;
  // Whether the field holds something, for the verify button; the form reads the field itself when sent.
  const [filled, setFilled] = useState(checkedHow.trim() !== '');
  const v = c[credential];
  const name = TITLES[credential].toLowerCase();
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/credentials').then((m) => m.verifyCredentialSchema),
    defaultValues: { how: checkedHow },
    fallback: `Failed to verify the ${name}`,
    onProblem: toastProblem('Error'),
    onValid: async ({ how }) => {
      await verify.mutateAsync({ credential, how });
      toast({ title: 'Verified', description: `The ${name} of ${c.name} is recorded as checked.` });
    },
  });
  const busy = verify.isPending || unverify.isPending || form.pending;
  const inputId = `verify-how-${credential}`;
  return (
    <div className="grid gap-3">
      <CredentialStatus v={v} testId={`${credential}-status`} />
      <form {...form.props} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field id={inputId} label="How it was checked" error={form.errors.how}>
          <Input
            maxLength={VERIFIED_HOW_MAX}
            {...form.control('how', inputId)}
            onChange={(e) => setFilled(e.target.value.trim() !== '')}
          />
        </Field>
        <Button type="submit" disabled={busy || !filled} icon={ShieldCheck}>
          {`Verify ${name}`}
        </Button>
      </form>
      {v.verified && (
        <Button
          variant="outline"
          className="w-fit"
          disabled={busy}
          onClick={() =>
            unverify.mutate(
              { credential, reason: '' },
              {
                onSuccess: () =>
                  toast({
                    title: 'Verification Withdrawn',
                    description: `The ${name} of ${c.name} is no longer shown as verified.`,
                  }),
                onError: (err) => toastError(err, 'Failed to withdraw'),
              },
            )
          }
          icon={ShieldOff}
        >
          {`Withdraw ${name} verification`}
        </Button>
      )}
    </div>
  );
}

/** The facts, as the contractor gave them; the administrator's change keeps the verifications (a date in the past lapses one at once). */
function DetailsForm({ id, c }: { id: number; c: ContractorCredentials }) {
  const region = useRegion();
  const update = useUpdateCredentials(id);
  const form = useProgressiveForm({
    schema: () =>
      import('@shared/schemas/credentials').then((m) => m.credentialsUpdateSchemaFor(region.credentials.registration)),
    fallback: 'Failed to save the credentials',
    onProblem: toastProblem('Error'),
    // Checked here, sent as typed: the server reads the same strings with the same schema.
    onValid: async (_checked, el) => {
      await update.mutateAsync(credentialValues(el));
      toast({ title: 'Saved', description: `The credentials of ${c.name} are saved.` });
    },
  });
  return (
    <form {...form.props} className="grid gap-4">
      {/* The form re-checks a changed field itself, so the inputs need not say they changed. */}
      <CredentialInputs idPrefix="admin-credentials" values={c} errors={form.errors} />
      {c.insuranceInfo && (
        <p className="text-sm text-muted-foreground">{`Insurance as submitted: ${c.insuranceInfo}`}</p>
      )}
      <Button type="submit" className="w-fit" disabled={form.pending}>
        {form.pending ? 'Saving...' : 'Save credentials'}
      </Button>
    </form>
  );
}

function History({ events }: { events: CredentialEvent[] }) {
  const { timeZone } = useRegion();
  if (!events.length) return <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>;
  return (
    <ol className="grid gap-3" data-testid="credential-history">
      {events.map((e) => (
        <li key={e.id} className="grid gap-0.5 border-l-2 pl-3 text-sm">
          <span className="font-medium">{`${TITLES[e.credential]}: ${ACTIONS[e.action]}`}</span>
          {e.detail && <span className="break-words">{e.detail}</span>}
          <span className="text-xs text-muted-foreground">{`${formatDateTime(e.at, timeZone)}, by ${e.actor === 'admin' && e.actorName ? e.actorName : ACTORS[e.actor]}`}</span>
        </li>
      ))}
    </ol>
  );
}

function Credentials({ id, c }: { id: number; c: ContractorCredentials }) {
  const region = useRegion();
  const upload = useUploadCertificate(id);
  return (
    <div className="grid gap-6">
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="badge-status">
        {c.badge ? (
          <Badge variant="success">
            <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
            Verified Licensed
          </Badge>
        ) : (
          <Badge variant="outline">Not shown as verified</Badge>
        )}
        <span className="text-muted-foreground">
          The badge and &lsquo;Licensed &amp; Insured Only&rsquo; need both credentials verified and neither expired.
        </span>
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={`Registration ${c.licenseNumber ?? ''}`.trim()} testId="registration-card">
          <VerifyControl id={id} c={c} credential="registration" />
          <a
            href={region.credentials.registration.lookupUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {region.credentials.registration.lookupLabel}
          </a>
        </Section>
        <Section title="Insurance" testId="insurance-card">
          <VerifyControl id={id} c={c} credential="insurance" />
          <CertificateLine certificate={c.certificate} href={certificateHref(id)} />
          <CertificateUpload
            id="admin-certificate"
            upload={upload}
            uploaded={`The certificate of insurance of ${c.name} is saved.`}
          />
        </Section>
      </div>
      <Section title="Details">
        <DetailsForm key={`${c.registrationExpiresOn}|${c.insuranceExpiresOn}|${c.licenseNumber}`} id={id} c={c} />
      </Section>
      <Section title="History">
        <History events={c.history} />
      </Section>
    </div>
  );
}

/** One contractor's registration and insurance: verify each, edit the facts, the certificate, the history (docs/decisions/0032-credential-verification.md). */
export default function CredentialsPage({ params }: RouteInput) {
  const id = contractorIdOf(params.id);
  const query = useCredentials(id);
  return (
    <>
      <PageHeader
        title={query.data ? `Credentials: ${query.data.name}` : 'Credentials'}
        description="The registration and the insurance, each verified on its own, with the certificate and the history."
        path={`${CONTRACTORS_PATH}/${params.id ?? ''}/credentials`}
        actions={<BackToContractors />}
      />
      {id === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">No such contractor.</p>
      ) : (
        <QueryView query={query} what="the credentials">
          {(c) => <Credentials id={id} c={c} />}
        </QueryView>
      )}
    </>
  );
}
