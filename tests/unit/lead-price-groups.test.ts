import { describe, expect, it } from 'vitest';
import { EVERYWHERE, EVERYWHERE_ELSE, priceGroups } from '../../client/src/features/payments/lead-price-groups';

const towns = [
  'Laporte Borough',
  'Dushore Borough',
  'Eagles Mere Borough',
  'Forksville Borough',
  'Any other place',
].map((label, i) => ({ slug: i < 4 ? `t${i}` : null, label }));

describe('lead price lines on the plans page (docs/decisions/0062-lead-prices-in-the-open.md)', () => {
  it('says one price once when it is the same everywhere', () => {
    expect(priceGroups({ towns }, ['25.00', '25.00', '25.00', '25.00', '25.00'])).toEqual([
      { price: '25.00', places: EVERYWHERE },
    ]);
  });

  it('names the towns with another price and puts the most common price last as everywhere else', () => {
    expect(priceGroups({ towns }, ['40.00', '25.00', '30.00', '25.00', '25.00'])).toEqual([
      { price: '40.00', places: 'Laporte Borough' },
      { price: '30.00', places: 'Eagles Mere Borough' },
      { price: '25.00', places: EVERYWHERE_ELSE },
    ]);
  });

  it('names every place when no price covers three of them, and never loses one', () => {
    const lines = priceGroups({ towns }, ['40.00', '40.00', '30.00', '30.00', '25.00']);
    expect(lines).toEqual([
      { price: '40.00', places: 'Laporte Borough, Dushore Borough' },
      { price: '30.00', places: 'Eagles Mere Borough, Forksville Borough' },
      { price: '25.00', places: 'Any other place' },
    ]);
  });
});
