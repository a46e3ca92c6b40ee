import type { DehydratedState } from '@tanstack/react-query';
import type { PostedForm } from '@shared/forms';
import type { CredentialRules, Region } from '@shared/region';
import type { SiteConfig } from './lib/site-config';

/** What the server embeds in each page for the browser: settings, the county and the data it rendered with. */
export interface BootData {
  config: SiteConfig;
  /** The county whose site the page is (docs/decisions/0102-region-in-boot-data.md): the browser has no other. */
  region: Region;
  queries: DehydratedState | null;
  /** Only on the answer to a form sent without JavaScript that the server refused. */
  postedForm?: PostedForm;
}

export const BOOT_ELEMENT_ID = '__BOOT__';

type Registration = CredentialRules['registration'];
/** A Region as JSON: the registration number's pattern (a RegExp) travels as its source and flags. */
export type BootRegion = Omit<Region, 'credentials'> & {
  credentials: Omit<CredentialRules, 'registration'> & {
    registration: Omit<Registration, 'pattern'> & { pattern: { source: string; flags: string } };
  };
};

export function regionToBoot(region: Region): BootRegion {
  const { pattern, ...registration } = region.credentials.registration;
  return {
    ...region,
    credentials: {
      ...region.credentials,
      registration: { ...registration, pattern: { source: pattern.source, flags: pattern.flags } },
    },
  };
}

export function regionFromBoot(boot: BootRegion): Region {
  const { pattern, ...registration } = boot.credentials.registration;
  return {
    ...boot,
    credentials: {
      ...boot.credentials,
      registration: { ...registration, pattern: new RegExp(pattern.source, pattern.flags) },
    },
  };
}

/** A county's JSON, made once per Region object (the server hands out the same object until the county changes). */
const regionJson = new WeakMap<Region, string>();

/** JSON for a <script type="application/json"> element; '<' escaped so the data cannot end the element. */
export function serializeBoot(data: BootData): string {
  const { region, ...rest } = data;
  let county = regionJson.get(region);
  if (county === undefined) regionJson.set(region, (county = JSON.stringify(regionToBoot(region))));
  // `rest` always has its config, so its JSON opens with a key: the county goes first.
  return `{"region":${county},${JSON.stringify(rest).slice(1)}`.replace(/</g, '\\u003c');
}

/** The boot data the server wrote (serializeBoot), with the county's rules as the server has them. */
export function parseBoot(text: string): BootData {
  const raw = JSON.parse(text) as Omit<BootData, 'region'> & { region: BootRegion };
  return { ...raw, region: regionFromBoot(raw.region) };
}
