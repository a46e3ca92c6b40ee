import type { ComponentType, ReactNode } from 'react';
import { formPages } from '@shared/forms';
import { useRegion } from '@/lib/region';
import {
  Honeypot,
  honeypotOf,
  NativeChoice,
  useProgressiveForm,
  type ChoiceProps,
  type ProgressiveForm,
} from '@/components/form';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input, Textarea } from '@/components/ui/input';
import { sendQuote } from './api';
import type { QuoteTarget } from './quote-target';

export const QUOTE_FAILED = 'Failed to send quote request. Please try again.';

/**
 * The quote request, one form for the quote page and the quote dialog
 * (docs/decisions/0097-one-progressive-form.md): a web form posted to the contractor's quote page
 * without JavaScript (docs/decisions/0023-forms-without-javascript.md), sent to the API with it.
 * `actions` draws its buttons; `onSent` is what follows a request sent; failures show as a notice
 * above the fields unless `onProblem` says them otherwise. The page's lists are the browser's own
 * selects (no JavaScript to load); the dialog passes the Radix one as `Choice`.
 */
export function QuoteForm({
  contractor,
  onSent,
  onProblem,
  actions,
  detailsRows = 5,
  Choice = NativeChoice,
}: {
  contractor: QuoteTarget;
  onSent: () => void;
  onProblem?: (message: string) => void;
  actions: (form: ProgressiveForm) => ReactNode;
  detailsRows?: number;
  Choice?: ComponentType<ChoiceProps>;
}) {
  const region = useRegion();
  const services = region.quoteServices.map((o) => ({ value: o.label, label: o.label }));
  const budgets = region.budgetOptions.map((b) => ({ value: b, label: b }));
  const form = useProgressiveForm({
    posted: 'quote',
    schema: () => import('@shared/schemas/leads').then((m) => m.quoteFormSchemaFor(region)),
    fallback: QUOTE_FAILED,
    onProblem,
    onValid: async (values, el) => {
      await sendQuote(contractor.id, { ...values, ...honeypotOf(el) });
      form.reset();
      onSent();
    },
  });
  const { errors, control } = form;

  return (
    <form method="post" action={formPages.quote.path(contractor.id)} {...form.props} className="grid gap-4">
      {form.problem && <FormNotice variant="destructive" title="Error" description={form.problem} />}
      <Field id="quote-name" label="Your Name" error={errors.name}>
        <Input autoComplete="name" {...control('name', 'quote-name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="quote-email" label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" {...control('email', 'quote-email')} />
        </Field>
        <Field id="quote-phone" label="Phone" error={errors.phone}>
          <Input type="tel" autoComplete="tel" {...control('phone', 'quote-phone')} />
        </Field>
      </div>
      <Field id="quote-service" label="Service Needed" error={errors.serviceNeeded}>
        <Choice placeholder="Select a service" options={services} {...control('serviceNeeded', 'quote-service')} />
      </Field>
      <Field id="quote-location" label="Project Location" error={errors.location}>
        <Input
          placeholder={`e.g. ${region.towns[0]!.name}, ${region.state}`}
          autoComplete="address-level2"
          {...control('location', 'quote-location')}
        />
      </Field>
      <Field id="quote-details" label="Project Details" error={errors.projectDetails}>
        <Textarea
          rows={detailsRows}
          placeholder="What would you like done, and when?"
          {...control('projectDetails', 'quote-details')}
        />
      </Field>
      <Field id="quote-budget" label="Budget Range (optional)" error={errors.budgetRange}>
        <Choice placeholder="Select a budget range" options={budgets} {...control('budgetRange', 'quote-budget')} />
      </Field>
      <Honeypot form="quote" />
      {actions(form)}
    </form>
  );
}
