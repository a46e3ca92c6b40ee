import { useRef, useState, type FormEvent } from 'react';
import { HONEYPOT_FIELD } from '@shared/forms';
import { region } from '@shared/region';
import type { Submission, SubmissionForm as FormValues } from '@shared/schemas/submission';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { useSubmitBusiness } from '../api';
import { FormSection } from './FormSection';
import { ServicesField } from './ServicesField';

type FieldName = Exclude<keyof FormValues, typeof HONEYPOT_FIELD>;
type Errors = Partial<Record<FieldName, string>>;

const TEXT_FIELDS: FieldName[] = ['name', 'yearsInBusiness', 'description', 'email', 'phone', 'website', 'address', 'city', 'zip', 'licenseNumber', 'insuranceInfo', 'projectGalleryUrl'];
const FIELDS = new Set<string>([...TEXT_FIELDS, 'services']);

/**
 * The submission form. Inputs are plain (uncontrolled) and the shared zod schema is loaded
 * when the form is sent, so the page itself stays within the public JavaScript budget; the
 * server checks the same schema again.
 */
export function SubmissionForm({ onSubmitted }: { onSubmitted: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [services, setServices] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [validating, setValidating] = useState(false);
  const submit = useSubmitBusiness();
  const pending = submit.isPending || validating;

  const clear = (name: FieldName) => setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  const input = (name: FieldName, id: string, required = true) => ({
    id,
    name,
    defaultValue: '',
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
    show(fieldErrors);
    // A missing choice of service is a notice, not a field error (spec).
    if (services.length === 0) {
      toast({ title: 'Services Required', description: 'Please select at least one service you provide', variant: 'destructive' });
      return;
    }
    if (!parsed.success) return;
    submit.mutate(
      { ...(parsed.data as Submission), [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD) ?? '') },
      {
        onSuccess: () => {
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
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-10">
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
          <Input type="url" autoComplete="url" placeholder="https://www.yourbusiness.com" {...input('website', 'submit-website', false)} />
        </Field>
      </FormSection>

      <FormSection id="submit-location" title="Location">
        <Field id="submit-address" label="Street Address" error={errors.address}>
          <Input autoComplete="street-address" {...input('address', 'submit-address')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-[1fr_6rem_9rem]">
          <Field id="submit-city" label="City" error={errors.city}>
            <Input autoComplete="address-level2" placeholder="e.g. Laporte" {...input('city', 'submit-city')} />
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
        <Field id="submit-license" label="License Number" hint="Your Pennsylvania Home Improvement Contractor registration, e.g. PA123456." error={errors.licenseNumber}>
          <Input maxLength={100} {...input('licenseNumber', 'submit-license')} />
        </Field>
        <Field id="submit-insurance" label="Insurance Information" hint="Carrier and coverage, e.g. general liability $1,000,000." error={errors.insuranceInfo}>
          <Textarea rows={3} maxLength={500} {...input('insuranceInfo', 'submit-insurance')} />
        </Field>
      </FormSection>

      <FormSection id="submit-portfolio" title="Portfolio (optional)">
        <Field id="submit-gallery" label="Project Gallery URL" hint="A link to photos of your work: your website, Facebook or Houzz page." error={errors.projectGalleryUrl}>
          <Input type="url" placeholder="https://" {...input('projectGalleryUrl', 'submit-gallery', false)} />
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
