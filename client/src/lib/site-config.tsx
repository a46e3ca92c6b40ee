import { createContext, useContext } from 'react';

/** Settings the server hands the browser with the page (never secrets). */
export interface SiteConfig {
  siteUrl: string;
  /** demoInProduction: the operator runs production on demo payments (PAYMENTS=demo); every payment screen says so. */
  payments: { provider: 'stripe' | 'demo'; publishableKey: string | null; demoInProduction?: boolean };
}

export const defaultSiteConfig: SiteConfig = { siteUrl: '', payments: { provider: 'demo', publishableKey: null } };

export const SiteConfigContext = createContext<SiteConfig>(defaultSiteConfig);

export function useSiteConfig() {
  return useContext(SiteConfigContext);
}
