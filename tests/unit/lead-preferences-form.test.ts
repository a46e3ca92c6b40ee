import { describe, expect, it } from 'vitest';
import { leadPreferencesSchema, type LeadPreferencesDto } from '@shared/schemas/lead-preferences';
import { leadPreferencesInputOf, phoneText, preferenceStart } from '@/features/portal/lead-preferences-form';

/**
 * The portal's Lead preferences form (docs/decisions/0117-lead-routing.md): what it starts with
 * from the saved panel, and what its controls send, checked by the shared schema as the server
 * checks them.
 */
const dto: LeadPreferencesDto = {
  pausedUntil: null,
  services: null,
  townIds: null,
  monthlyCap: null,
  textPhone: null,
  textOptIn: false,
  cardSpendThisMonth: '0.00',
  serviceOptions: [
    { slug: 'roofing', name: 'Roofing' },
    { slug: 'siding', name: 'Siding' },
  ],
  townOptions: [
    { id: 4, name: 'Dushore' },
    { id: 9, name: 'Laporte' },
  ],
};

const controls = {
  taking: 'on',
  pausedUntil: '',
  servicesScope: 'all',
  services: [],
  townsScope: 'all',
  townIds: [],
  monthlyCap: '',
  textPhone: '',
};

describe('the lead preferences form', () => {
  it('starts from the defaults: taking requests, everything, no cap, no texts', () => {
    expect(preferenceStart(dto, '2026-03-01')).toEqual({
      taking: 'on',
      pausedUntil: '',
      servicesScope: 'all',
      townsScope: 'all',
      monthlyCap: '',
      textPhone: '',
      textOptIn: false,
    });
  });

  it('starts from saved choices, the cap and the number as people write them', () => {
    const start = preferenceStart(
      {
        ...dto,
        pausedUntil: '2026-03-02',
        services: ['roofing'],
        townIds: [9],
        monthlyCap: '250.00',
        textPhone: '+15705550123',
        textOptIn: true,
      },
      '2026-03-01',
    );
    expect(start).toEqual({
      taking: 'paused',
      pausedUntil: '2026-03-02',
      servicesScope: 'chosen',
      townsScope: 'chosen',
      monthlyCap: '250',
      textPhone: '570-555-0123',
      textOptIn: true,
    });
    expect(preferenceStart({ ...dto, monthlyCap: '99.50' }, '2026-03-01').monthlyCap).toBe('99.50');
  });

  it('takes a pause whose day has come as over', () => {
    expect(preferenceStart({ ...dto, pausedUntil: '2026-03-02' }, '2026-03-02')).toMatchObject({
      taking: 'on',
      pausedUntil: '',
    });
  });

  it('keeps a number of another country as saved', () => {
    expect(phoneText('+447700900123')).toBe('+447700900123');
  });

  it('sends null for "taking requests" and "all", whatever the hidden controls hold', () => {
    const input = leadPreferencesInputOf({
      ...controls,
      pausedUntil: '2026-04-01',
      services: ['roofing'],
      townIds: ['4'],
    });
    expect(input).toEqual({
      pausedUntil: null,
      services: null,
      townIds: null,
      monthlyCap: '',
      textPhone: null,
      textOptIn: false,
    });
    expect(leadPreferencesSchema.parse(input)).toEqual({
      pausedUntil: null,
      services: null,
      townIds: null,
      monthlyCap: null,
      textPhone: null,
      textOptIn: false,
    });
  });

  it('sends the pause, the chosen services and towns (as numbers), the cap and the text alerts', () => {
    const input = leadPreferencesInputOf({
      ...controls,
      taking: 'paused',
      pausedUntil: '2026-04-01',
      servicesScope: 'chosen',
      services: ['siding'],
      townsScope: 'chosen',
      townIds: ['9'],
      monthlyCap: '$1,250.5',
      textPhone: ' 570-555-0123 ',
      textOptIn: 'on',
    });
    expect(leadPreferencesSchema.parse(input)).toEqual({
      pausedUntil: '2026-04-01',
      services: ['siding'],
      townIds: [9],
      monthlyCap: 1250.5,
      textPhone: '570-555-0123',
      textOptIn: true,
    });
  });

  it('leaves the mistakes to the schema, on the fields the server names too', () => {
    const result = leadPreferencesSchema.safeParse(
      leadPreferencesInputOf({
        ...controls,
        taking: 'paused',
        servicesScope: 'chosen',
        townsScope: 'chosen',
        monthlyCap: 'lots',
        textOptIn: 'on',
      }),
    );
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => i.path[0]));
    expect(fields).toEqual(new Set(['pausedUntil', 'monthlyCap']));
    // A chosen list left empty, and texts without a number: the checks that need the rest valid.
    const lists = leadPreferencesSchema.safeParse(
      leadPreferencesInputOf({ ...controls, servicesScope: 'chosen', townsScope: 'chosen', textOptIn: 'on' }),
    );
    expect(Object.fromEntries(lists.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      services: 'Choose at least one service',
      townIds: 'Choose at least one town',
      textPhone: 'Enter a mobile number for text alerts',
    });
  });
});
