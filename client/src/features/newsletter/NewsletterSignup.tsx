import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { formPages, type PostedForm } from '@shared/forms';
import { region } from '@shared/region';
import { Honeypot, honeypotOf, useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { errorId } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { subscribe } from './api';

const ALREADY = { title: 'Already Subscribed', description: "You're already subscribed to our newsletter." };
const SUBSCRIBED = { title: 'Subscribed!', description: "You've been subscribed to our newsletter. Thank you!" };
const INVALID = 'Please enter a valid email address';
const FAILED = 'Failed to subscribe. Please try again.';
const isAlready = (message: string) => /already subscribed/i.test(message);

/** The notice for the answer to the form sent without JavaScript, as the JavaScript path words it. */
function outcome(posted: PostedForm | null, subscribed: boolean) {
  if (posted?.errors.email) return { title: 'Error', description: INVALID, variant: 'destructive' as const };
  if (posted && isAlready(posted.message)) return { ...ALREADY, variant: 'default' as const };
  if (posted) return { title: 'Error', description: FAILED, variant: 'destructive' as const };
  if (subscribed) return { ...SUBSCRIBED, variant: 'success' as const };
  return null;
}

/**
 * The home page's newsletter band: one email field, outcomes as notices (spec, error catalogue).
 * Without JavaScript it is a plain form posted to the home page, whose answer shows the outcome
 * in the band (docs/decisions/0023-forms-without-javascript.md); with it, the one form
 * (docs/decisions/0097-one-progressive-form.md) checks and sends it and says the outcome in a toast.
 */
export function NewsletterSignup() {
  const subscribed = new URLSearchParams(useSearch()).get('newsletter') === 'subscribed';
  const form = useProgressiveForm({
    posted: 'newsletter',
    schema: () => import('@shared/schemas/newsletter').then((m) => m.newsletterSchema),
    fallback: FAILED,
    onInvalid: (errors) => toast({ title: 'Error', description: errors.email ?? INVALID, variant: 'destructive' }),
    onProblem: (message, error) => toast(isAlready(message) || (error instanceof Error && isAlready(error.message)) ? ALREADY : { title: 'Error', description: FAILED, variant: 'destructive' }),
    onValid: async ({ email }, el) => {
      await subscribe({ email, ...honeypotOf(el) });
      toast(SUBSCRIBED);
      form.reset();
      // A refused post's address is the field's default, which reset would bring back.
      (el.elements.namedItem('email') as HTMLInputElement).value = '';
    },
  });
  const [notice, setNotice] = useState(() => outcome(form.posted, subscribed));
  // The answer to a refused post: the browser focuses the field (and scrolls to it) without JavaScript; the notice describes it.
  const answered = form.posted !== null && notice !== null;
  const email = form.control('email', 'newsletter-email');

  return (
    <section id={formPages.newsletter.anchor} aria-labelledby="newsletter-heading" className="bg-secondary">
      <div className="container mx-auto max-w-3xl px-4 py-14 text-center">
        <Mail className="mx-auto h-10 w-10 text-primary" aria-hidden="true" />
        <h2 id="newsletter-heading" className="mt-3 text-2xl font-bold md:text-3xl">
          Stay Informed
        </h2>
        <p className="mt-3 text-muted-foreground">{`Get our monthly newsletter with home improvement tips, seasonal maintenance reminders and news about trusted contractors in ${region.county}.`}</p>
        <form
          method="post"
          action={formPages.newsletter.path}
          {...form.props}
          // A new send replaces the band's notice (its outcome then shows as a toast).
          onSubmit={(e) => {
            setNotice(null);
            form.props.onSubmit(e);
          }}
          className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row"
        >
          <Label htmlFor="newsletter-email" className="sr-only">
            Email address
          </Label>
          <Input
            type="email"
            autoComplete="email"
            placeholder="Enter your email address"
            className="flex-1"
            {...email}
            autoFocus={answered || undefined}
            aria-describedby={answered || email['aria-invalid'] ? errorId('newsletter-email') : undefined}
          />
          <Honeypot form="newsletter" />
          <Button type="submit" disabled={form.pending}>
            {form.pending ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </form>
        {notice ? (
          <div id={answered ? errorId('newsletter-email') : undefined} className="mx-auto mt-4 max-w-md">
            <FormNotice {...notice} />
          </div>
        ) : (
          // The field's message with JavaScript is said in a toast; this names it for the field too.
          form.errors.email && (
            <p id={errorId('newsletter-email')} className="sr-only">
              {form.errors.email}
            </p>
          )
        )}
      </div>
    </section>
  );
}
