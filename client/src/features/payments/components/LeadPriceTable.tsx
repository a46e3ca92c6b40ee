import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@shared/money';
import type { LeadPriceTable as Table } from '@shared/schemas/lead-prices';
import { QueryView } from '@/components/query-view';
import { formatLongDate } from '@/lib/format';
import { priceGroups } from '../lead-price-groups';
import { leadPricesKey } from '../lead-prices-key';

function PriceRows({ table }: { table: Table }) {
  return (
    <>
      {table.services.map((s) => {
        const groups = priceGroups(table, s.prices);
        return (
          <tbody key={s.value} className="border-b last:border-b-0" data-service={s.value}>
            {groups.map((g, i) => (
              <tr key={g.places}>
                {i === 0 && (
                  <th scope="rowgroup" rowSpan={groups.length} className="px-3 py-2 text-left align-top font-medium">
                    {s.label}
                  </th>
                )}
                <td className="px-3 py-2 align-top text-muted-foreground">{g.places}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right align-top font-semibold tabular-nums">
                  {formatPrice(g.price)}
                </td>
              </tr>
            ))}
          </tbody>
        );
      })}
    </>
  );
}

/**
 * What a lead costs right now for each service in each town
 * (docs/decisions/0062-lead-prices-in-the-open.md), from the server's pricing engine and the active
 * rules; rendered on the server with the page.
 */
export function LeadPriceTable() {
  const prices = useQuery<Table>({ queryKey: leadPricesKey });
  return (
    <section aria-labelledby="lead-prices-heading" className="mx-auto max-w-3xl" data-testid="lead-prices">
      <h2 id="lead-prices-heading" className="text-center text-2xl font-bold">
        What a Lead Costs
      </h2>
      <p className="mt-3 text-center text-muted-foreground">
        Past your monthly credits, each lead is priced by the service the homeowner asked for and where the work is.
        These are the prices now, worked out from the pricing rules in force; when the rules change, this table changes
        with them.
      </p>
      <QueryView
        query={prices}
        what="lead prices"
        placeholder={{ rows: 4, className: 'h-8' }}
        frame={(state) => <div className="mt-6">{state}</div>}
      >
        {(table) => (
          <>
            <div className="mt-6 overflow-hidden rounded-lg border bg-card">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">
                  Lead price by service and place, from the pricing rules in force now
                </caption>
                <thead className="bg-muted/60">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-left text-xs font-semibold text-muted-foreground">
                      Service requested
                    </th>
                    <th scope="col" className="px-3 py-2 text-left text-xs font-semibold text-muted-foreground">
                      Where
                    </th>
                    <th scope="col" className="px-3 py-2 text-right text-xs font-semibold text-muted-foreground">
                      Lead price
                    </th>
                  </tr>
                </thead>
                <PriceRows table={table} />
              </table>
            </div>
            <p className="mt-3 text-center text-sm text-muted-foreground" data-testid="lead-prices-note">
              {table.rulesChangedAt ? `Pricing rules last changed ${formatLongDate(table.rulesChangedAt)}. ` : ''}A
              price set for one contractor in particular is not listed here; the buy page always shows the exact price
              of a lead before you pay.
            </p>
          </>
        )}
      </QueryView>
    </section>
  );
}
