import { useEffect, useRef } from 'react';
import { Head } from '@/components/head';
import type { RouteInput } from '@/lib/route-input';
import { LinkButton } from '@/components/ui/button';
import { messageOf } from '@/lib/api';
import { useUnsubscribe } from './unsubscribe-api';
import { useRegion } from '@/lib/region';

const INVALID = 'This unsubscribe link is not valid';

/** Where the welcome email's link lands: the token is posted once, on arrival. */
export default function UnsubscribePage({ search }: RouteInput) {
  const region = useRegion();
  const token = search.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  const sent = useRef(false);

  useEffect(() => {
    // Effects run twice in development; the request must not.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  let title: string;
  let text: string;
  if (!token) [title, text] = ["We couldn't unsubscribe you", INVALID];
  else if (unsubscribe.isSuccess)
    [title, text] = ['You have been unsubscribed', `You will no longer receive the ${region.siteTitle} newsletter.`];
  else if (unsubscribe.isError)
    [title, text] = ["We couldn't unsubscribe you", messageOf(unsubscribe.error, 'Please try again later.')];
  else [title, text] = ['Unsubscribing...', 'One moment while we update your subscription.'];

  return (
    <div className="container mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <Head
        title={`Unsubscribe | ${region.siteTitle}`}
        description="Stop receiving the monthly newsletter."
        path="/newsletter/unsubscribe"
        robots="noindex, nofollow"
      />
      <div role="status">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-3 text-muted-foreground">{text}</p>
      </div>
      <LinkButton href="/" className="mt-6">
        Back to Home
      </LinkButton>
    </div>
  );
}
