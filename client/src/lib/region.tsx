import { createContext, useContext } from 'react';
import type { Region } from '@shared/region';

/**
 * The county whose site this page is (docs/decisions/0102-region-in-boot-data.md): the server
 * renders with the request's county and puts it in the page's boot data, and the browser reads it
 * from there, so no county is compiled into the bundle. There is no default: a tree rendered
 * without <App region> has no county to show.
 */
export const RegionContext = createContext<Region | null>(null);

/** The county of the page being shown: its towns, services, wording and credential rules. */
export function useRegion(): Region {
  const region = useContext(RegionContext);
  if (!region) throw new Error('useRegion() outside <App>: the county comes with the page (boot data)');
  return region;
}
