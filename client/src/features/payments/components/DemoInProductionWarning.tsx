import { TriangleAlert } from 'lucide-react';
import { useSiteConfig } from '@/lib/site-config';

/**
 * On every payment screen when the operator runs production on demo payments (PAYMENTS=demo,
 * docs/decisions/0045-demo-provider.md): louder than the demo notice, because there it is not a
 * local try-out.
 */
export function DemoInProductionWarning() {
  const { payments } = useSiteConfig();
  if (payments.provider !== 'demo' || !payments.demoInProduction) return null;
  return (
    <div role="note" data-testid="demo-in-production" className="bg-destructive text-destructive-foreground">
      <div className="container mx-auto flex max-w-5xl items-start gap-3 px-4 py-3 text-sm">
        <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <p>
          <strong className="font-semibold">This site is not taking real payments.</strong> Payments here are a
          demonstration: no card is charged, and nothing bought or subscribed to here is paid for.
        </p>
      </div>
    </div>
  );
}
