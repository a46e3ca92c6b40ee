import { Mail } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { formPages, HONEYPOT_FIELD, type PostedForm } from '@shared/forms';
import { region } from '@shared/region';
import { postedText, usePostedForm } from '@/app/posted-form';
import { Button } from '@/components/ui/button';
import { errorId } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { subscribe } from './api';

const ALREADY = { title: 'Already Subscribed', description: "You're already subscribed to our newsletter." };
const INVALID = 'Please enter a valid email address';

/** The notice for the answer to the form sent without JavaScript, as the JavaScript path words it. */
function outcome(posted: PostedForm | null, subscribed: boolean) {
  if (posted?.errors.email) return { title: 'Error', description: INVALID, variant: 'destructive' as const };
  if (posted && /already subscribed/i.test(posted.message)) return { ...ALREADY, variant: 'default' as const };
  if (posted) return { title: 'Error', description: 'Failed to subscribe. Please try again.', variant: 'destructive' as const };
  if (subscribed) return { title: 'Subscribed!', description: "You've been subscribed to our newsletter. Thank you!", variant: 'success' as const };
  return null;
}

/**
 * The home page's newsletter band: one email field, outcomes as notices (spec, error catalogue).
 * Without JavaScript it is a plain form posted to the home page, whose answer shows the outcome
 * in the band (docs/decisions/0023-forms-without-javascript.md).
 */
export function NewsletterSignup() {
  const posted = usePostedForm('newsletter');
  const subscribed = new URLSearchParams(useSearch()).get('newsletter') === 'subscribed';
  const [notice, setNotice] = useState(() => outcome(posted, subscribed));
  const [email, setEmail] = useState(() => postedText(posted, 'email'));
  const [pending, setPending] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const invalid = notice?.description === INVALID;
  // The answer to a refused post: the browser focuses the field (and scrolls to it) without JavaScript; the notice describes it.
  const answered = posted !== null && notice !== null;

  // A plain request rather than useMutation: this form is on the home page, whose JavaScript
  // budget is tight, and it needs no cache.
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    setNotice(null);
    // The shared schema (and zod with it) loads when someone subscribes, not with the home page.
    const { newsletterSchema } = await import('@shared/schemas/newsletter');
    const parsed = newsletterSchema.safeParse({ email });
    if (!parsed.success) {
      toast({ title: 'Error', description: INVALID, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      await subscribe({ email: parsed.data.email, [HONEYPOT_FIELD]: honeypot.current?.value ?? '' });
      toast({ title: 'Subscribed!', description: "You've been subscribed to our newsletter. Thank you!" });
      setEmail('');
    } catch (error) {
      // The error's message is 'status: body', so the server's wording is in it.
      if (error instanceof Error && /already subscribed/i.test(error.message)) {
        toast(ALREADY);
      } else {
        toast({ title: 'Error', description: 'Failed to subscribe. Please try again.', variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <section id={formPages.newsletter.anchor} aria-labelledby="newsletter-heading" className="bg-secondary">
      <div className="container mx-auto max-w-3xl px-4 py-14 text-center">
        <Mail className="mx-auto h-10 w-10 text-primary" aria-hidden="true" />
        <h2 id="newsletter-heading" className="mt-3 text-2xl font-bold md:text-3xl">
          Stay Informed
        </h2>
        <p className="mt-3 text-muted-foreground">{`Get our monthly newsletter with home improvement tips, seasonal maintenance reminders and news about trusted contractors in ${region.county}.`}</p>
        <form method="post" action={formPages.newsletter.path} onSubmit={(e) => void onSubmit(e)} noValidate className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row">
          <Label htmlFor="newsletter-email" className="sr-only">
            Email address
          </Label>
          <Input
            id="newsletter-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email address"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="flex-1"
            autoFocus={answered || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={answered ? errorId('newsletter-email') : undefined}
          />
          <div className="hidden" aria-hidden="true">
            <label htmlFor="newsletter-company-fax">Company fax</label>
            <input ref={honeypot} id="newsletter-company-fax" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <Button type="submit" disabled={pending}>
            {pending ? 'Subscribing...' : 'Subscribe'}
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
