import type { Region } from '@shared/region';

/**
 * What is made from a county's Region (a schema that checks a town or a service against the
 * county's own), made once per Region object: regionOf hands out the same object until the county
 * changes (docs/decisions/0102-region-in-boot-data.md), and a changed county makes a new one.
 */
export function perCounty<T>(make: (region: Region) => T): (region: Region) => T {
  const made = new WeakMap<Region, T>();
  return (region) => {
    let value = made.get(region);
    if (value === undefined) made.set(region, (value = make(region)));
    return value;
  };
}
