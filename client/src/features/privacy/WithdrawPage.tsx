import { useState } from 'react';
import { Link } from 'wouter';
import { formPages } from '@shared/forms';
import { WITHDRAW_LINK_INVALID } from '@shared/lead-withdrawal';
import { Head } from '@/components/head';
import { useRegion } from '@/lib/region';
import type { RouteInput } from '@/lib/route-input';
import { SingleUseLinkForm, useSingleUseLink } from '@/components/single-use-link';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { withdrawRequest } from './api';

const DONE = 'Your quote request is withdrawn. It will not be passed to any contractor.';

/**
 * /withdraw?token= (docs/decisions/0114-homeowner-privacy.md): the confirmation email's link.
 * Opening it changes nothing (mail scanners open links); the button withdraws, with or without
 * JavaScript (without, it lands on `?done=1`).
 */
export default function WithdrawPage({ search }: RouteInput) {
  const region = useRegion();
  const [withdrawn, setWithdrawn] = useState(false);
  const link = useSingleUseLink(search, formPages.withdraw, {
    posted: 'withdraw',
    schema: () => import('@shared/schemas/lead-withdrawal').then((m) => m.withdrawSchema),
    fallback: 'Your request could not be withdrawn. Please try again.',
    onValid: async ({ token }) => {
      await withdrawRequest({ token });
      setWithdrawn(true);
    },
  });
  const done = withdrawn || link.landedDone;

  return (
    <div className="container mx-auto flex max-w-md justify-center px-4 py-8 sm:py-12">
      <Head
        title={`Withdraw Your Quote Request | ${region.siteTitle}`}
        description="Withdraw a quote request you sent."
        path={formPages.withdraw.path}
        robots="noindex, nofollow"
      />
      <Card className="w-full">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold">Withdraw Your Quote Request</h1>
          <p className="text-sm text-muted-foreground">
            A withdrawn request is not passed to any contractor. A contractor who already has it keeps what was sent to
            them.
          </p>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SingleUseLinkForm
            link={link}
            label="Withdraw your quote request"
            invalid={WITHDRAW_LINK_INVALID}
            submit={{ label: 'Withdraw My Request', pending: 'Withdrawing...', variant: 'destructive' }}
            done={done && { title: 'Request withdrawn', description: DONE }}
          />
          <Link
            href="/privacy"
            className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Privacy Policy
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
