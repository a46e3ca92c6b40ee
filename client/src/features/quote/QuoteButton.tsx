import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

import type { QuoteTarget } from './quote-target';

// The dialog, its form library and validation load only when someone asks for a quote.
const loadDialog = () => import('./QuoteDialog');
const QuoteDialog = lazy(loadDialog);

export type { QuoteTarget } from './quote-target';

/** 'Get Free Quote': opens the quote dialog for one contractor. */
export function QuoteButton({ contractor, ...props }: { contractor: QuoteTarget } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
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
          <QuoteDialog open={open} onOpenChange={setOpen} contractor={contractor} />
        </Suspense>
      )}
    </>
  );
}
