import type { LeadPriceTable } from '@shared/schemas/lead-prices';

export interface PriceGroup {
  /** '25.00' */
  price: string;
  /** The places at this price: their names, 'Everywhere' or 'Everywhere else'. */
  places: string;
}

export const EVERYWHERE = 'Everywhere';
export const EVERYWHERE_ELSE = 'Everywhere else';

/**
 * One service's prices as a few lines instead of one per town
 * (docs/decisions/0062-lead-prices-in-the-open.md): a single line when the price is the same everywhere;
 * otherwise the places at each price, the most common price last as 'Everywhere else' when it covers
 * three places or more. Every town is in exactly one line.
 */
export function priceGroups(table: Pick<LeadPriceTable, 'towns'>, prices: readonly string[]): PriceGroup[] {
  const byPrice = new Map<string, string[]>();
  prices.forEach((price, i) => {
    const places = byPrice.get(price) ?? [];
    places.push(table.towns[i]!.label);
    byPrice.set(price, places);
  });
  const groups = [...byPrice.entries()];
  if (groups.length === 1) return [{ price: groups[0]![0], places: EVERYWHERE }];
  // The most common price (on a tie, the one for places none of the towns name: the rules' default).
  const last = prices[prices.length - 1];
  const common = groups.reduce((best, g) =>
    g[1].length > best[1].length || (g[1].length === best[1].length && g[0] === last) ? g : best,
  );
  const listed = groups.filter((g) => g !== common || common[1].length < 3).sort((a, b) => Number(b[0]) - Number(a[0]));
  const lines = listed.map(([price, places]) => ({ price, places: places.join(', ') }));
  return listed.includes(common) ? lines : [...lines, { price: common[0], places: EVERYWHERE_ELSE }];
}
