import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { starFills, Stars } from '@/components/stars';

/** Ratings show to the nearest half star: a 4.9 average is five stars, not four and an empty one. */
describe('the stars of a rating', () => {
  it('round to the nearest half star', () => {
    expect(starFills(4.9)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(4.3)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(4.7)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(4.2)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(3)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starFills(0.2)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(7)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('draw what they round to, read out by their label', () => {
    const html = renderToString(<Stars rating={4.6} label="Rated 4.6 out of 5" />);
    expect(html).toContain('aria-label="Rated 4.6 out of 5"');
    expect(html.match(/data-star="full"/g)).toHaveLength(4);
    expect(html.match(/data-star="half"/g)).toHaveLength(1);
  });
});
