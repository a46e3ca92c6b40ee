import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'wouter';
import { formPages } from '@shared/forms';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';

import type { QuoteTarget } from './quote-target';

// The dialog, its form library and validation load only when someone asks for a quote.
const loadDialog = () => import('./QuoteDialog');
const QuoteDialog = lazy(loadDialog);

export type { QuoteTarget } from './quote-target';

/**
 * 'Get Free Quote': opens the quote dialog for one contractor. Until JavaScript runs (and when it
 * never does) it is a link to the contractor's quote page, a plain form
 * (docs/decisions/0023-forms-without-javascript.md).
 */
export function QuoteButton({ contractor, ...props }: { contractor: QuoteTarget } & Omit<ButtonProps, 'onClick'>) {
  // Paused (docs/decisions/0117-lead-routing.md): the quote page offers others in place of the form, a link with or without JavaScript.
  if (contractor.pausedUntil) {
    return (
      <Button asChild variant="outline" {...props}>
        <Link
          href={formPages.quote.path(contractor.id)}
          rel="nofollow"
          aria-label={`See other contractors: ${contractor.name} is not taking new requests`}
        >
          See Other Contractors
        </Link>
      </Button>
    );
  }
  return <QuoteDialogButton contractor={contractor} {...props} />;
}

function QuoteDialogButton({ contractor, ...props }: { contractor: QuoteTarget } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Button asChild variant="accent" {...props}>
        {/* nofollow: the quote pages are noindex, crawlers have nothing to find there. */}
        <a href={formPages.quote.path(contractor.id)} rel="nofollow">
          Get Free Quote
        </a>
      </Button>
    );
  }
  return (
    <>
      <Button
        ref={button}
        variant="accent"
        {...props}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        Get Free Quote
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <QuoteDialog
            open={open}
            onOpenChange={setOpen}
            contractor={contractor}
            returnFocus={() => button.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
