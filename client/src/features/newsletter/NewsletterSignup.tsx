import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { formPages, type PostedForm } from '@shared/forms';
import { Honeypot, honeypotOf, useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { errorId } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { subscribe } from './api';
import { useRegion } from '@/lib/region';

const ALREADY = { title: 'Already Subscribed', description: "You're already subscribed to our newsletter." };
const INVALID = 'Please enter a valid email address';
const FAILED = 'Failed to subscribe. Please try again.';

/** The notice for the answer to the form sent without JavaScript, as the JavaScript path words it. */
function outcome(posted: PostedForm | null, subscribed: boolean) {
  if (posted?.errors.email) return { title: 'Error', description: INVALID, variant: 'destructive' as const };
  if (posted && /already subscribed/i.test(posted.message)) return { ...ALREADY, variant: 'default' as const };
  if (posted) return { title: 'Error', description: FAILED, variant: 'destructive' as const };
  if (subscribed)
    return {
      title: 'Subscribed!',
      description: "You've been subscribed to our newsletter. Thank you!",
      variant: 'success' as const,
    };
  return null;
}

/**
 * The home page's newsletter band: one email field, outcomes as notices (spec, error catalogue),
 * on the one form (docs/decisions/0097-one-progressive-form.md) with the shared schema. Without
 * JavaScript it is a plain form posted to the home page, whose answer shows the outcome in the
 * band (docs/decisions/0023-forms-without-javascript.md).
 */
export function NewsletterSignup() {
  const region = useRegion();
  const subscribed = new URLSearchParams(useSearch()).get('newsletter') === 'subscribed';
  // Once a send is made in the browser, the band's notice from the address or a refused post goes.
  const [sent, setSent] = useState(false);
  const form = useProgressiveForm({
    posted: 'newsletter',
    schema: () => import('@shared/schemas/newsletter').then((m) => m.newsletterSchema),
    fallback: FAILED,
    onInvalid: () => {
      setSent(true);
      toast({ title: 'Error', description: INVALID, variant: 'destructive' });
    },
    // A plain request rather than useMutation: the home page's JavaScript budget is tight and this needs no cache.
    onValid: async ({ email }, el) => {
      setSent(true);
      await subscribe({ email, ...honeypotOf(el) });
      toast({ title: 'Subscribed!', description: "You've been subscribed to our newsletter. Thank you!" });
      form.reset();
    },
    // The error's message is 'status: body', so the server's wording is in it.
    onProblem: (message, error) =>
      toast(
        /already subscribed/i.test(`${message} ${error instanceof Error ? error.message : ''}`)
          ? ALREADY
          : { title: 'Error', description: FAILED, variant: 'destructive' },
      ),
  });
  const email = form.control('email', 'newsletter-email');
  const invalid = form.errors.email
    ? { title: 'Error', description: form.errors.email, variant: 'destructive' as const }
    : null;
  const notice = invalid ?? (sent ? null : outcome(form.posted, subscribed));
  // The answer to a post without JavaScript, whatever it says, puts the browser on the field (scrolled to the band) and describes it.
  const answered = notice !== null && (invalid !== null || (form.posted !== null && !sent));

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
            autoFocus={email.autoFocus ?? (answered || undefined)}
            aria-describedby={answered ? errorId('newsletter-email') : undefined}
          />
          <Honeypot form="newsletter" />
          <Button type="submit" disabled={form.pending}>
            {form.pending ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </form>
        {notice && (
          <div id={answered ? errorId('newsletter-email') : undefined} className="mx-auto mt-4 max-w-md">
            <FormNotice {...notice} />
          </div>
        )}
      </div>
    </section>
  );
}
