import type { LeadPreferencesDto, LeadPreferencesInput } from '@shared/schemas/lead-preferences';
import type { FormValuesRaw } from '@/components/form';

/**
 * The Lead preferences form's controls and the API's shape, both ways. The schema's own fields
 * keep their names (pausedUntil, services, townIds, monthlyCap, textPhone), so the server's field
 * errors land on them; three radios choose between "everything" (null) and a value.
 */
export type Taking = 'on' | 'paused';
export type Scope = 'all' | 'chosen';

/** The checkbox groups: posted as lists. */
export const PREFERENCE_LISTS = ['services', 'townIds'] as const;

export interface PreferenceStart {
  taking: Taking;
  pausedUntil: string;
  servicesScope: Scope;
  townsScope: Scope;
  monthlyCap: string;
  textPhone: string;
  textOptIn: boolean;
}

/** '+15705550123' as people write it ('570-555-0123'); another country's number as saved. */
export function phoneText(e164: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : e164;
}

/** '250.00' as '250', '99.50' as is: what a person would type. */
const capText = (decimal: string) => decimal.replace(/\.00$/, '');

/**
 * What the form starts with. A pause whose day has come (`today`, the site's day) is over: the
 * contractor takes requests again, so the form says so rather than offer a date the server refuses.
 */
export function preferenceStart(dto: LeadPreferencesDto, today: string): PreferenceStart {
  const paused = dto.pausedUntil !== null && dto.pausedUntil > today;
  return {
    taking: paused ? 'paused' : 'on',
    pausedUntil: paused ? dto.pausedUntil! : '',
    servicesScope: dto.services === null ? 'all' : 'chosen',
    townsScope: dto.townIds === null ? 'all' : 'chosen',
    monthlyCap: dto.monthlyCap === null ? '' : capText(dto.monthlyCap),
    textPhone: dto.textPhone === null ? '' : phoneText(dto.textPhone),
    textOptIn: dto.textOptIn,
  };
}

/** The controls' values as `leadPreferencesSchema` takes them; the schema checks them. */
export function leadPreferencesInputOf(values: FormValuesRaw): LeadPreferencesInput {
  const one = (name: string) => {
    const v = values[name];
    return typeof v === 'string' ? v : '';
  };
  const list = (name: string) => {
    const v = values[name];
    return Array.isArray(v) ? v : [];
  };
  const phone = one('textPhone').trim();
  return {
    pausedUntil: one('taking') === 'paused' ? one('pausedUntil') : null,
    services: one('servicesScope') === 'chosen' ? list('services') : null,
    townIds: one('townsScope') === 'chosen' ? list('townIds').map(Number) : null,
    monthlyCap: one('monthlyCap'),
    textPhone: phone === '' ? null : phone,
    textOptIn: one('textOptIn') === 'on',
  };
}
