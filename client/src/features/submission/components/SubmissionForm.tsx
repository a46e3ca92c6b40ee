import { useRef, useState, type FormEvent } from 'react';
import { CERTIFICATE_TYPES } from '@shared/credentials';
import { formPages, HONEYPOT_FIELD, type PostedForm } from '@shared/forms';
import { region } from '@shared/region';
import type { Submission, SubmissionForm as FormValues } from '@shared/schemas/submission';
import { postedList, postedText, usePostedForm } from '@/app/posted-form';
import { certificateProblem } from '@/components/credentials/certificate-check';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiUpload, messageOf } from '@/lib/api';
import { useHydrated } from '@/lib/use-hydrated';
import { useSubmitBusiness } from '../api';
import { FormSection } from './FormSection';
import { ServicesField } from './ServicesField';

type FieldName = Exclude<keyof FormValues, typeof HONEYPOT_FIELD>;
type Errors = Partial<Record<FieldName | 'certificate', string>>;

const TEXT_FIELDS: FieldName[] = [
  'name',
  'yearsInBusiness',
  'description',
  'email',
  'phone',
  'website',
  'address',
  'city',
  'zip',
  'licenseNumber',
  'registrationExpiresOn',
  'insuranceInfo',
  'insurer',
  'insurancePolicyNumber',
  'insuranceCoverageOccurrence',
  'insuranceCoverageAggregate',
  'insuranceExpiresOn',
  'projectGalleryUrl',
];
const FIELDS = new Set<string>([...TEXT_FIELDS, 'services']);
const DATE_FIELDS = new Set<FieldName>(['registrationExpiresOn', 'insuranceExpiresOn']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

// What a number field can hold: a value sent back into it must be one (a browser sends nothing else).
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const keptValue = (posted: PostedForm | null, name: FieldName) => {
  const v = postedText(posted, name);
  if (DATE_FIELDS.has(name)) return DATE.test(v) ? v : '';
  return name === 'yearsInBusiness' && !NUMBER.test(v) ? '' : v;
};

const fieldErrorsOf = (posted: PostedForm | null): Errors => Object.fromEntries(Object.entries(posted?.errors ?? {}).filter(([field]) => FIELDS.has(field)));

/** The notice for the answer to the form sent without JavaScript, as the JavaScript path words it. */
function postedNotice(posted: PostedForm) {
  if (posted.errors.services) return { title: 'Services Required', description: 'Please select at least one service you provide' };
  return { title: 'Submission Failed', description: posted.message || 'Please try again later' };
}

/**
 * The submission form. Inputs are plain (uncontrolled) and the shared zod schema is loaded
 * when the form is sent, so the page itself stays within the public JavaScript budget; the
 * server checks the same schema again. Without JavaScript it is a plain form posted to this
 * page; a refused one comes back with what was typed and the errors
 * (docs/decisions/0023-forms-without-javascript.md).
 */
export function SubmissionForm({ onSubmitted }: { onSubmitted: () => void }) {
  const posted = usePostedForm('submission');
  const formRef = useRef<HTMLFormElement>(null);
  const [services, setServices] = useState<string[]>(() => postedList(posted, 'services'));
  const [errors, setErrors] = useState<Errors>(() => fieldErrorsOf(posted));
  const [notice, setNotice] = useState(() => (posted ? postedNotice(posted) : null));
  // The browser focuses the first field to fix as the answer loads, without JavaScript.
  const [autoFocus] = useState(() => TEXT_FIELDS.find((f) => posted?.errors[f]));
  const [validating, setValidating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const submit = useSubmitBusiness();
  const pending = submit.isPending || validating || uploading;
  // The certificate is sent after the submission, with the upload token its answer carries; without JavaScript it waits for the portal.
  const hydrated = useHydrated();
  const certificateRef = useRef<HTMLInputElement>(null);

  const clear = (name: FieldName | 'certificate') => setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  const input = (name: FieldName, id: string, required = true) => ({
    id,
    name,
    defaultValue: keptValue(posted, name),
    autoFocus: autoFocus === name || undefined,
    onChange: () => clear(name),
    ...describedBy(id, errors[name]),
    ...(required ? { 'aria-required': true } : {}),
  });

  const show = (next: Errors) => {
    setErrors(next);
    const first = TEXT_FIELDS.find((f) => next[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    setNotice(null);
    const data = new FormData(e.currentTarget);
    const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, String(data.get(f) ?? '')]));
    setValidating(true);
    const { submissionFormSchema } = await import('@shared/schemas/submission').finally(() => setValidating(false));
    const parsed = submissionFormSchema.safeParse({ ...values, services });
    const fieldErrors: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as FieldName;
        fieldErrors[key] ??= issue.message;
      }
    }
    const certificate = certificateRef.current?.files?.[0];
    const wrongFile = certificate ? certificateProblem(certificate) : null;
    if (wrongFile) fieldErrors.certificate = wrongFile;
    show(fieldErrors);
    // A missing choice of service is a notice, not a field error (spec).
    if (services.length === 0) {
      toast({ title: 'Services Required', description: 'Please select at least one service you provide', variant: 'destructive' });
      return;
    }
    if (!parsed.success || wrongFile) return;
    submit.mutate(
      { ...(parsed.data as Submission), [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD) ?? '') },
      {
        onSuccess: async (result) => {
          if (certificate && result.certificateUploadToken) {
            setUploading(true);
            try {
              await apiUpload('/api/contractors/submit/certificate', certificate, { 'X-Upload-Token': result.certificateUploadToken });
            } catch (error) {
              toast({
                title: 'Certificate Not Uploaded',
                description: `${messageOf(error, 'The certificate could not be uploaded.')} Your business was submitted; you can upload the certificate from the contractor portal once it is approved.`,
                variant: 'destructive',
              });
            } finally {
              setUploading(false);
            }
          }
          toast({ title: 'Submission Received!', description: 'Your business information has been submitted for review.' });
          onSubmitted();
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const fromServer: Errors = {};
            for (const [field, message] of Object.entries(error.fieldErrors)) if (FIELDS.has(field)) fromServer[field as FieldName] = message;
            show(fromServer);
          }
          toast({ title: 'Submission Failed', description: messageOf(error, 'Please try again later'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form ref={formRef} method="post" action={formPages.submission.path} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-10">
      {notice && <FormNotice variant="destructive" {...notice} />}
      <FormSection id="submit-basic" title="Basic Information">
        <div className="grid gap-4 md:grid-cols-[1fr_12rem]">
          <Field id="submit-name" label="Business Name" error={errors.name}>
            <Input autoComplete="organization" maxLength={120} {...input('name', 'submit-name')} />
          </Field>
          <Field id="submit-years" label="Years in Business" error={errors.yearsInBusiness}>
            <Input type="number" inputMode="numeric" min={0} max={150} step={1} {...input('yearsInBusiness', 'submit-years')} />
          </Field>
        </div>
        <Field id="submit-description" label="Business Description" hint="Tell homeowners what you do, your specialties and what sets your work apart." error={errors.description}>
          <Textarea rows={5} maxLength={2000} {...input('description', 'submit-description')} />
        </Field>
      </FormSection>

      <FormSection id="submit-contact" title="Contact Information">
        <div className="grid gap-4 md:grid-cols-2">
          <Field id="submit-email" label="Email Address" error={errors.email}>
            <Input type="email" autoComplete="email" {...input('email', 'submit-email')} />
          </Field>
          <Field id="submit-phone" label="Phone Number" error={errors.phone}>
            <Input type="tel" autoComplete="tel" placeholder="(570) 555-0123" {...input('phone', 'submit-phone')} />
          </Field>
        </div>
        <Field id="submit-website" label="Website (optional)" error={errors.website}>
          {/* Text with the URL keyboard, not type=url: people type 'www.example.com', which the form takes and sends back as typed. */}
          <Input inputMode="url" autoComplete="url" placeholder="https://www.yourbusiness.com" {...input('website', 'submit-website', false)} />
        </Field>
      </FormSection>

      <FormSection id="submit-location" title="Location">
        <Field id="submit-address" label="Street Address" error={errors.address}>
          <Input autoComplete="address-line1" {...input('address', 'submit-address')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-[1fr_6rem_9rem]">
          <Field id="submit-city" label="City" error={errors.city}>
            <Input autoComplete="address-level2" placeholder={`e.g. ${region.towns[0]!.name}`} {...input('city', 'submit-city')} />
          </Field>
          <Field id="submit-state" label="State">
            {/* Fixed: the directory serves one state. */}
            <Input id="submit-state" value={region.state} disabled readOnly />
          </Field>
          <Field id="submit-zip" label="ZIP Code" error={errors.zip}>
            <Input inputMode="numeric" autoComplete="postal-code" maxLength={10} {...input('zip', 'submit-zip')} />
          </Field>
        </div>
      </FormSection>

      <FormSection id="submit-services-heading" title="Services Offered" description="Select every service your business provides.">
        <ServicesField
          value={services}
          onChange={(next) => {
            setServices(next);
            clear('services');
          }}
          labelledBy="submit-services-heading"
          error={errors.services}
        />
      </FormSection>

      <FormSection id="submit-licensing" title="Licensing & Insurance">
        <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
          <Field id="submit-license" label="License Number" hint={`${region.credentials.registration.formatMessage}.`} error={errors.licenseNumber}>
            <Input maxLength={100} autoCapitalize="characters" {...input('licenseNumber', 'submit-license')} />
          </Field>
          <Field id="submit-registration-expires" label="Registration Expires (optional)" error={errors.registrationExpiresOn}>
            <Input type="date" {...input('registrationExpiresOn', 'submit-registration-expires', false)} />
          </Field>
        </div>
        <Field id="submit-insurance" label="Insurance Information" hint="Carrier and coverage, e.g. general liability $1,000,000." error={errors.insuranceInfo}>
          <Textarea rows={3} maxLength={500} {...input('insuranceInfo', 'submit-insurance')} />
        </Field>
        <div className="grid gap-4 md:grid-cols-2">
          <Field id="submit-insurer" label="Insurer (optional)" error={errors.insurer}>
            <Input maxLength={120} {...input('insurer', 'submit-insurer', false)} />
          </Field>
          <Field id="submit-policy" label="Policy Number (optional)" error={errors.insurancePolicyNumber}>
            <Input maxLength={60} {...input('insurancePolicyNumber', 'submit-policy', false)} />
          </Field>
          <Field id="submit-coverage" label="Coverage per Occurrence (optional)" hint="In dollars, e.g. 1,000,000." error={errors.insuranceCoverageOccurrence}>
            <Input inputMode="numeric" maxLength={20} {...input('insuranceCoverageOccurrence', 'submit-coverage', false)} />
          </Field>
          <Field id="submit-aggregate" label="Aggregate Coverage (optional)" hint="In dollars, e.g. 2,000,000." error={errors.insuranceCoverageAggregate}>
            <Input inputMode="numeric" maxLength={20} {...input('insuranceCoverageAggregate', 'submit-aggregate', false)} />
          </Field>
          <Field id="submit-insurance-expires" label="Insurance Expires (optional)" error={errors.insuranceExpiresOn}>
            <Input type="date" {...input('insuranceExpiresOn', 'submit-insurance-expires', false)} />
          </Field>
          {hydrated ? (
            <Field id="submit-certificate" label="Certificate of Insurance (optional)" hint="A PDF or a photo, up to 5 MB." error={errors.certificate}>
              <Input
                ref={certificateRef}
                id="submit-certificate"
                type="file"
                accept={CERTIFICATE_TYPES.join(',')}
                className="h-auto py-1.5"
                onChange={() => clear('certificate')}
                {...describedBy('submit-certificate', errors.certificate)}
              />
            </Field>
          ) : (
            <p className="self-end text-sm text-muted-foreground">Your certificate of insurance can be uploaded from the contractor portal once your listing is approved.</p>
          )}
        </div>
      </FormSection>

      <FormSection id="submit-portfolio" title="Portfolio (optional)">
        <Field id="submit-gallery" label="Project Gallery URL" hint="A link to photos of your work: your website, Facebook or Houzz page." error={errors.projectGalleryUrl}>
          <Input inputMode="url" placeholder="https://" {...input('projectGalleryUrl', 'submit-gallery', false)} />
        </Field>
      </FormSection>

      <div className="hidden" aria-hidden="true">
        <label htmlFor="submit-company-fax">Company fax</label>
        <input id="submit-company-fax" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto sm:justify-self-start">
        {submit.isPending ? 'Submitting...' : 'Submit for Review'}
      </Button>
    </form>
  );
}
