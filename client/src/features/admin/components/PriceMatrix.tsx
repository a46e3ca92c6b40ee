import { useMemo } from 'react';
import { priceLead } from '@shared/pricing';
import type { PricingRuleDto } from '@shared/schemas/pricing-rules';
import type { AdminCountyAnswer } from '@shared/schemas/region';
import { cn } from '@/lib/cn';
import { formatMoney } from '@shared/money';
import { toEngineRule } from '../labels';

/**
 * What a lead costs for each service in each town of one county under the active rules (its own
 * and the platform defaults), worked out in the browser by the same engine the server prices with,
 * by town id (docs/decisions/0107-pricing-per-county.md); contractor rules aside: they depend on
 * who receives the lead. Prices that differ from the default are highlighted.
 */
export function PriceMatrix({ rules, county }: { rules: PricingRuleDto[]; county: AdminCountyAnswer }) {
  const { base, rows } = useMemo(() => {
    const engine = rules.filter((r) => r.isActive).map(toEngineRule);
    const base = priceLead(engine, { serviceSlugs: [], townId: null, contractorId: null }).priceCents;
    const rows = county.services.map((s) => ({
      service: s,
      prices: county.towns.map(
        (t) => priceLead(engine, { serviceSlugs: [s.slug], townId: t.id, contractorId: null }).priceCents,
      ),
    }));
    return { base, rows };
  }, [rules, county]);
  return (
    <div className="grid gap-3">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{county.name}</span>
        <span>{`Default price: ${formatMoney(base)}`}</span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm border border-accent bg-accent/30" aria-hidden="true" />
          Differs from the default
        </span>
        {/* Services down, towns across: a matrix stays a table, so a narrow screen scrolls it, and says so. */}
        <span className="lg:hidden">Scroll the table sideways for every town.</span>
      </p>
      <div
        role="region"
        aria-label="Price matrix"
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="w-full border-collapse text-sm" data-testid="price-matrix">
          <caption className="sr-only">
            Lead price by service (rows) and town (columns) under the active pricing rules
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 h-10 border-b bg-muted px-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground"
              >
                Service
              </th>
              {county.towns.map((t) => (
                <th
                  key={t.id}
                  scope="col"
                  className="h-10 border-b bg-muted/60 px-2.5 py-1.5 text-right text-xs font-semibold text-muted-foreground"
                >
                  <span className="block min-w-[4.75rem] whitespace-normal leading-tight">{t.label}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ service, prices }) => (
              <tr key={service.slug} className="border-b last:border-b-0" data-service={service.slug}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 min-w-[8.5rem] bg-card px-3 py-2 text-left font-medium leading-tight sm:whitespace-nowrap"
                >
                  {service.name}
                </th>
                {prices.map((cents, i) => {
                  const differs = cents !== base;
                  return (
                    <td
                      key={county.towns[i]!.id}
                      className={cn(
                        'px-2.5 py-2 text-right tabular-nums',
                        differs ? 'bg-accent/25 font-semibold text-foreground' : 'text-muted-foreground',
                      )}
                    >
                      {formatMoney(cents)}
                      {differs && <span className="sr-only"> (differs from the default)</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
