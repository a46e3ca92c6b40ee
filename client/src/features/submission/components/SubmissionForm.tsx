import { useRef, useState } from 'react';
import { CERTIFICATE_TYPES, CREDENTIAL_LIMITS } from '@shared/credentials';
import { formPages, type PostedForm } from '@shared/forms';
import { SUBMISSION_LIMITS } from '@shared/submission-defaults';
import { postedList, postedText } from '@/lib/posted-form';
import { certificateProblem } from '@/components/credentials/certificate-check';
import { Honeypot, honeypotOf, useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { apiUpload, messageOf } from '@/lib/api';
import { useHydrated } from '@/lib/use-hydrated';
import { useSubmitBusiness } from '../api';
import { FormSection } from './FormSection';
import { ServicesField } from './ServicesField';
import { useRegion } from '@/lib/region';

const DATE_FIELDS = new Set(['registrationExpiresOn', 'insuranceExpiresOn']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
// What a number field can hold: a value sent back into it must be one (a browser sends nothing else).
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const keptValue = (posted: PostedForm | null, name: string) => {
  const v = postedText(posted, name);
  if (DATE_FIELDS.has(name)) return DATE.test(v) ? v : '';
  return name === 'yearsInBusiness' && !NUMBER.test(v) ? '' : v;
};

const SERVICES_REQUIRED = { title: 'Services Required', description: 'Please select at least one service you provide' };
const FAILED = 'Please try again later';

/** The notice for the answer to the form sent without JavaScript, as the JavaScript path words it. */
function postedNotice(posted: PostedForm) {
  if (posted.errors.services) return SERVICES_REQUIRED;
  return { title: 'Submission Failed', description: posted.message || FAILED };
}

/**
 * The submission form, on the one form (docs/decisions/0097-one-progressive-form.md): plain
 * named inputs and the services as a checkbox list, checked with the shared schema the server
 * checks again; outcomes are toasts. Without JavaScript it is a plain form posted to this page; a
 * refused one comes back with what was typed and the errors
 * (docs/decisions/0023-forms-without-javascript.md).
 */
export function SubmissionForm({ onSubmitted }: { onSubmitted: () => void }) {
  const region = useRegion();
  const submit = useSubmitBusiness();
  // The certificate is sent after the submission, with the upload token its answer carries; without JavaScript it waits for the portal.
  const hydrated = useHydrated();
  const certificateRef = useRef<HTMLInputElement>(null);
  const [certificateError, setCertificateError] = useState<string>();

  /** The chosen certificate's problem, shown on its field; the file is not a schema field. */
  const checkCertificate = () => {
    const certificate = certificateRef.current?.files?.[0];
    const problem = certificate ? (certificateProblem(certificate) ?? undefined) : undefined;
    setCertificateError(problem);
    return { certificate, problem };
  };
  // A missing choice of service is a notice, not a field error (spec).
  const noServices = (el: HTMLFormElement | null) => {
    const none = !el || new FormData(el).getAll('services').length === 0;
    if (none) toast({ ...SERVICES_REQUIRED, variant: 'destructive' });
    return none;
  };

  const form = useProgressiveForm({
    posted: 'submission',
    schema: () =>
      import('@shared/schemas/submission').then((m) => m.submissionFormSchemaFor(region.credentials.registration)),
    lists: ['services'],
    fallback: FAILED,
    onProblem: (message) => toast({ title: 'Submission Failed', description: message, variant: 'destructive' }),
    onInvalid: () => {
      checkCertificate();
      noServices(form.props.ref.current);
    },
    onValid: async (values, el) => {
      const { certificate, problem } = checkCertificate();
      if (noServices(el)) return;
      if (problem) return certificateRef.current?.focus();
      const result = await submit.mutateAsync({ ...values, ...honeypotOf(el) });
      if (certificate && result.certificateUploadToken) {
        try {
          await apiUpload('/api/contractors/submit/certificate', certificate, {
            'X-Upload-Token': result.certificateUploadToken,
          });
        } catch (error) {
          toast({
            title: 'Certificate Not Uploaded',
            description: `${messageOf(error, 'The certificate could not be uploaded.')} Your business was submitted; you can upload the certificate from the contractor portal once it is approved.`,
            variant: 'destructive',
          });
        }
      }
      toast({ title: 'Submission Received!', description: 'Your business information has been submitted for review.' });
      onSubmitted();
    },
  });
  const { errors, posted } = form;

  const input = (name: string, id: string, required = true) => ({
    ...form.control(name, id),
    defaultValue: keptValue(posted, name),
    ...(required ? { 'aria-required': true } : {}),
  });

  return (
    <form method="post" action={formPages.submission.path} {...form.props} className="grid gap-10">
      {form.problem && posted && <FormNotice variant="destructive" {...postedNotice(posted)} />}
      <FormSection id="submit-basic" title="Basic Information">
        <div className="grid gap-4 md:grid-cols-[1fr_12rem]">
          <Field id="submit-name" label="Business Name" error={errors.name}>
            <Input autoComplete="organization" maxLength={SUBMISSION_LIMITS.name} {...input('name', 'submit-name')} />
          </Field>
          <Field id="submit-years" label="Years in Business" error={errors.yearsInBusiness}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={SUBMISSION_LIMITS.yearsInBusiness}
              step={1}
              {...input('yearsInBusiness', 'submit-years')}
            />
          </Field>
        </div>
        <Field
          id="submit-description"
          label="Business Description"
          hint="Tell homeowners what you do, your specialties and what sets your work apart."
          error={errors.description}
        >
          <Textarea
            rows={5}
            maxLength={SUBMISSION_LIMITS.description}
            {...input('description', 'submit-description')}
          />
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
          <Input
            inputMode="url"
            autoComplete="url"
            placeholder="https://www.yourbusiness.com"
            {...input('website', 'submit-website', false)}
          />
        </Field>
      </FormSection>

      <FormSection id="submit-location" title="Location">
        <Field id="submit-address" label="Street Address" error={errors.address}>
          <Input autoComplete="address-line1" {...input('address', 'submit-address')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-[1fr_6rem_9rem]">
          <Field id="submit-city" label="City" error={errors.city}>
            <Input
              autoComplete="address-level2"
              placeholder={`e.g. ${region.towns[0]!.name}`}
              {...input('city', 'submit-city')}
            />
          </Field>
          <Field id="submit-state" label="State">
            {/* Fixed: the directory serves one state. */}
            <Input id="submit-state" value={region.state} disabled readOnly />
          </Field>
          <Field id="submit-zip" label="ZIP Code" error={errors.zip}>
            <Input
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={SUBMISSION_LIMITS.zip}
              {...input('zip', 'submit-zip')}
            />
          </Field>
        </div>
      </FormSection>

      <FormSection
        id="submit-services-heading"
        title="Services Offered"
        description="Select every service your business provides."
      >
        <ServicesField
          ticked={postedList(posted, 'services')}
          labelledBy="submit-services-heading"
          error={errors.services}
        />
      </FormSection>

      <FormSection id="submit-licensing" title="Licensing & Insurance">
        <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
          <Field
            id="submit-license"
            label="License Number"
            hint={`${region.credentials.registration.formatMessage}.`}
            error={errors.licenseNumber}
          >
            <Input
              maxLength={CREDENTIAL_LIMITS.registrationNumber}
              autoCapitalize="characters"
              {...input('licenseNumber', 'submit-license')}
            />
          </Field>
          <Field
            id="submit-registration-expires"
            label="Registration Expires (optional)"
            error={errors.registrationExpiresOn}
          >
            <Input type="date" {...input('registrationExpiresOn', 'submit-registration-expires', false)} />
          </Field>
        </div>
        <Field
          id="submit-insurance"
          label="Insurance Information"
          hint="Carrier and coverage, e.g. general liability $1,000,000."
          error={errors.insuranceInfo}
        >
          <Textarea
            rows={3}
            maxLength={SUBMISSION_LIMITS.insuranceInfo}
            {...input('insuranceInfo', 'submit-insurance')}
          />
        </Field>
        <div className="grid gap-4 md:grid-cols-2">
          <Field id="submit-insurer" label="Insurer (optional)" error={errors.insurer}>
            <Input maxLength={CREDENTIAL_LIMITS.insurer} {...input('insurer', 'submit-insurer', false)} />
          </Field>
          <Field id="submit-policy" label="Policy Number (optional)" error={errors.insurancePolicyNumber}>
            <Input
              maxLength={CREDENTIAL_LIMITS.policyNumber}
              {...input('insurancePolicyNumber', 'submit-policy', false)}
            />
          </Field>
          <Field
            id="submit-coverage"
            label="Coverage per Occurrence (optional)"
            hint="In dollars, e.g. 1,000,000."
            error={errors.insuranceCoverageOccurrence}
          >
            <Input
              inputMode="numeric"
              maxLength={CREDENTIAL_LIMITS.coverage}
              {...input('insuranceCoverageOccurrence', 'submit-coverage', false)}
            />
          </Field>
          <Field
            id="submit-aggregate"
            label="Aggregate Coverage (optional)"
            hint="In dollars, e.g. 2,000,000."
            error={errors.insuranceCoverageAggregate}
          >
            <Input
              inputMode="numeric"
              maxLength={CREDENTIAL_LIMITS.coverage}
              {...input('insuranceCoverageAggregate', 'submit-aggregate', false)}
            />
          </Field>
          <Field id="submit-insurance-expires" label="Insurance Expires (optional)" error={errors.insuranceExpiresOn}>
            <Input type="date" {...input('insuranceExpiresOn', 'submit-insurance-expires', false)} />
          </Field>
          {hydrated ? (
            <Field
              id="submit-certificate"
              label="Certificate of Insurance (optional)"
              hint="A PDF or a photo, up to 5 MB."
              error={certificateError}
            >
              <Input
                ref={certificateRef}
                id="submit-certificate"
                type="file"
                accept={CERTIFICATE_TYPES.join(',')}
                className="h-auto py-1.5"
                onChange={() => setCertificateError(undefined)}
                {...describedBy('submit-certificate', certificateError)}
              />
            </Field>
          ) : (
            <p className="self-end text-sm text-muted-foreground">
              Your certificate of insurance can be uploaded from the contractor portal once your listing is approved.
            </p>
          )}
        </div>
      </FormSection>

      <FormSection id="submit-portfolio" title="Portfolio (optional)">
        <Field
          id="submit-gallery"
          label="Project Gallery URL"
          hint="A link to photos of your work: your website, Facebook or Houzz page."
          error={errors.projectGalleryUrl}
        >
          <Input inputMode="url" placeholder="https://" {...input('projectGalleryUrl', 'submit-gallery', false)} />
        </Field>
      </FormSection>

      <Honeypot form="submit" />

      <Button type="submit" size="lg" disabled={form.pending} className="w-full sm:w-auto sm:justify-self-start">
        {submit.isPending ? 'Submitting...' : 'Submit for Review'}
      </Button>
    </form>
  );
}
