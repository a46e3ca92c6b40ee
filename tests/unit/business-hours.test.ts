import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BUSINESS_HOURS,
  formatTime,
  hoursLines,
  openingHoursSpec,
  type WeeklyHours,
} from '@shared/business-hours';
import { listingEditInputOf, listingEditSchema } from '@shared/schemas/listing-changes';

/** Business hours (docs/decisions/0111-listing-edits.md): the default reads as the specification's, runs of equal days are one line. */
describe('business hours', () => {
  it("the default is the specification's fixed hours, word for word", () => {
    expect(hoursLines(null)).toEqual([
      { days: 'Mon-Fri', hours: '7:00 AM-6:00 PM' },
      { days: 'Sat', hours: '8:00 AM-4:00 PM' },
      { days: 'Sun', hours: 'Closed' },
    ]);
    expect(hoursLines(DEFAULT_BUSINESS_HOURS)).toEqual(hoursLines(undefined));
    expect(openingHoursSpec(null)).toEqual(['Mo-Fr 07:00-18:00', 'Sa 08:00-16:00']);
  });

  it('groups consecutive equal days only, and formats 12-hour times', () => {
    const week: WeeklyHours = [
      { open: '06:30', close: '17:00' },
      { open: '06:30', close: '17:00' },
      null,
      { open: '06:30', close: '17:00' },
      { open: '12:00', close: '23:59' },
      null,
      null,
    ];
    expect(hoursLines(week)).toEqual([
      { days: 'Mon-Tue', hours: '6:30 AM-5:00 PM' },
      { days: 'Wed', hours: 'Closed' },
      { days: 'Thu', hours: '6:30 AM-5:00 PM' },
      { days: 'Fri', hours: '12:00 PM-11:59 PM' },
      { days: 'Sat-Sun', hours: 'Closed' },
    ]);
    expect(openingHoursSpec(week)).toEqual(['Mo-Tu 06:30-17:00', 'Th 06:30-17:00', 'Fr 12:00-23:59']);
    expect(formatTime('00:05')).toBe('12:05 AM');
  });

  it("the portal form's controls become the API's input, checked by the same schema", () => {
    const values = {
      description: 'Decks and porches.',
      phone: '570 555 0142',
      website: 'example.com',
      yearsInBusiness: '',
      services: ['roofing', 'roofing'],
      serviceAreas: ['3', '9'],
      'open-mon': '07:00',
      'close-mon': '18:00',
      'closed-tue': 'on',
      'open-tue': '07:00',
      'close-tue': '18:00',
      'open-wed': '07:00',
      'close-wed': '06:00',
    };
    const parsed = listingEditSchema.safeParse(listingEditInputOf(values));
    expect(parsed.success).toBe(false);
    // Wednesday closes before it opens; the days not filled in have no times at all.
    const fields = parsed.error!.issues.map((i) => i.path.join('.'));
    expect(fields).toContain('businessHours.2');
    expect(fields).toContain('businessHours.3.open');
    expect(fields).not.toContain('businessHours.1');
    const week = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].flatMap((d) => [
        [`open-${d}`, '08:00'],
        [`close-${d}`, '17:00'],
      ]),
    );
    const ok = listingEditSchema.parse(listingEditInputOf({ ...values, ...week, 'closed-sun': 'on' }));
    expect(ok).toMatchObject({
      website: 'https://example.com',
      yearsInBusiness: null,
      services: ['roofing'],
      serviceAreas: [3, 9],
    });
    expect(ok.businessHours[6]).toBeNull();
    expect(ok.businessHours[0]).toEqual({ open: '08:00', close: '17:00' });
  });
});
