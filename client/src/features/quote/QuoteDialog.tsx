import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { HONEYPOT_FIELD } from '@shared/forms';
import { region } from '@shared/region';
import { quoteFormSchema, type QuoteForm } from '@shared/schemas/leads';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { describedBy, Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { useSendQuote } from './api';
import type { QuoteTarget } from './quote-target';

const empty: QuoteForm = { name: '', email: '', phone: '', serviceNeeded: '', location: '', projectDetails: '', budgetRange: '' };
const FIELDS = Object.keys(empty) as (keyof QuoteForm)[];

interface QuoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contractor: QuoteTarget;
  /** The dialog has no Radix trigger (it mounts lazily), so the opener says where focus goes back. */
  returnFocus: () => void;
}

export default function QuoteDialog({ open, onOpenChange, contractor, returnFocus }: QuoteDialogProps) {
  const form = useForm<QuoteForm>({ resolver: zodResolver(quoteFormSchema), defaultValues: empty });
  const send = useSendQuote(contractor.id);
  const errors = form.formState.errors;
  const pending = send.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const honeypot = (document.getElementById('quote-company-fax') as HTMLInputElement | null)?.value ?? '';
    send.mutate(
      { ...values, [HONEYPOT_FIELD]: honeypot },
      {
        onSuccess: () => {
          toast({ title: 'Quote Request Sent!', description: `Your request has been sent to ${contractor.name}. They will contact you soon.` });
          form.reset(empty);
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const [field, message] of Object.entries(error.fieldErrors)) {
              if (FIELDS.includes(field as keyof QuoteForm)) form.setError(field as keyof QuoteForm, { message });
            }
          }
          toast({ title: 'Error', description: messageOf(error, 'Failed to send quote request. Please try again.'), variant: 'destructive' });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        className="sm:max-w-[500px]"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Request a Free Quote</DialogTitle>
          <DialogDescription>{`Tell ${contractor.name} about your project. It's free and there's no obligation.`}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id="quote-name" label="Your Name" error={errors.name?.message}>
            <Input id="quote-name" autoComplete="name" {...form.register('name')} {...describedBy('quote-name', errors.name?.message)} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="quote-email" label="Email" error={errors.email?.message}>
              <Input id="quote-email" type="email" autoComplete="email" {...form.register('email')} {...describedBy('quote-email', errors.email?.message)} />
            </Field>
            <Field id="quote-phone" label="Phone" error={errors.phone?.message}>
              <Input id="quote-phone" type="tel" autoComplete="tel" {...form.register('phone')} {...describedBy('quote-phone', errors.phone?.message)} />
            </Field>
          </div>
          <Field id="quote-service" label="Service Needed" error={errors.serviceNeeded?.message}>
            <Controller
              control={form.control}
              name="serviceNeeded"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="quote-service" onBlur={field.onBlur} {...describedBy('quote-service', errors.serviceNeeded?.message)}>
                    <SelectValue placeholder="Select a service" />
                  </SelectTrigger>
                  <SelectContent>
                    {region.quoteServices.map((o) => (
                      <SelectItem key={o.value} value={o.label}>
                        {o.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          <Field id="quote-location" label="Project Location" error={errors.location?.message}>
            <Input
              id="quote-location"
              placeholder={`e.g. ${region.towns[0]!.name}, ${region.state}`}
              autoComplete="address-level2"
              {...form.register('location')}
              {...describedBy('quote-location', errors.location?.message)}
            />
          </Field>
          <Field id="quote-details" label="Project Details" error={errors.projectDetails?.message}>
            <Textarea
              id="quote-details"
              rows={4}
              placeholder="What would you like done, and when?"
              {...form.register('projectDetails')}
              {...describedBy('quote-details', errors.projectDetails?.message)}
            />
          </Field>
          <Field id="quote-budget" label="Budget Range (optional)" error={errors.budgetRange?.message}>
            <Controller
              control={form.control}
              name="budgetRange"
              render={({ field }) => (
                <Select value={field.value || undefined} onValueChange={field.onChange}>
                  <SelectTrigger id="quote-budget" onBlur={field.onBlur}>
                    <SelectValue placeholder="Select a budget range" />
                  </SelectTrigger>
                  <SelectContent>
                    {region.budgetOptions.map((b) => (
                      <SelectItem key={b} value={b}>
                        {b}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          <div className="hidden" aria-hidden="true">
            <label htmlFor="quote-company-fax">Company fax</label>
            <input id="quote-company-fax" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          {/* The dialog scrolls on a small screen; its actions stay in view at its foot. */}
          <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex-row border-t bg-background px-6 py-4">
            <Button variant="outline" className="flex-1 sm:flex-none" disabled={pending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" className="flex-1 sm:flex-none" disabled={pending}>
              {pending ? 'Sending...' : 'Send Quote Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
