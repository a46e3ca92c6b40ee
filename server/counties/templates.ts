import { sullivanCounty, type Region } from '@shared/region';

/**
 * What a county takes from its template (`regions.template`) rather than from its own row: the
 * state's name and credential rules, the option lists of the search and quote forms, the budget
 * choices and the home page's project overview (docs/decisions/0098-counties-are-data.md,
 * docs/decisions/0102-region-in-boot-data.md). Today there is one, Pennsylvania's, worded as the
 * default county's (shared/region.ts).
 */
export type RegionTemplate = Pick<
  Region,
  | 'stateName'
  | 'credentials'
  | 'homeSearchServices'
  | 'quoteServices'
  | 'budgetOptions'
  | 'projectOverview'
  | 'serviceRadiusMiles'
>;

const pennsylvania: RegionTemplate = {
  stateName: sullivanCounty.stateName,
  credentials: sullivanCounty.credentials,
  homeSearchServices: sullivanCounty.homeSearchServices,
  quoteServices: sullivanCounty.quoteServices,
  budgetOptions: sullivanCounty.budgetOptions,
  projectOverview: sullivanCounty.projectOverview,
  serviceRadiusMiles: sullivanCounty.serviceRadiusMiles,
};

const TEMPLATES: Readonly<Record<string, RegionTemplate>> = { pennsylvania };

/** The template a county row names; an unknown name is a mistake in the rows, said at once. */
export function templateOf(name: string): RegionTemplate {
  const template = TEMPLATES[name];
  if (!template) throw new Error(`No region template is called '${name}'`);
  return template;
}
