import { ALL } from './all-choice';
import type { Region, Service, Town } from './region';

/**
 * Turns what people and links say ('Kitchen & Bathroom Remodeling', 'roofing-siding',
 * 'Laporte Borough', 'Hillsgrove, PA') into canonical slugs, so every option list maps onto
 * the one taxonomy (docs/decisions/0001-region-data.md). Each takes the county it reads: the
 * browser's comes from the page (docs/decisions/0102-region-in-boot-data.md), the server's from the
 * request.
 */

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

export function serviceBySlug(slug: string, r: Region): Service | undefined {
  return r.services.find((s) => s.slug === slug);
}

export function serviceName(slug: string, r: Region): string {
  return serviceBySlug(slug, r)?.name ?? slug;
}

export function townBySlug(slug: string, r: Region): Town | undefined {
  return r.towns.find((t) => t.slug === slug);
}

/** Every way to name a service filter, to the canonical slugs it stands for. */
function serviceAliases(r: Region): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const s of r.services) {
    map.set(s.slug, [s.slug]);
    map.set(norm(s.name), [s.slug]);
  }
  for (const o of [...r.homeSearchServices, ...r.quoteServices]) {
    if (!map.has(o.value)) map.set(o.value, o.services);
    if (!map.has(norm(o.label))) map.set(norm(o.label), o.services);
  }
  return map;
}

const aliasCache = new WeakMap<Region, Map<string, string[]>>();

/**
 * Canonical service slugs for one filter value, `[]` for 'all', or `null` when the value names
 * no known service.
 */
export function resolveService(value: string, r: Region): string[] | null {
  const v = norm(value);
  if (v === '' || v === ALL) return [];
  let map = aliasCache.get(r);
  if (!map) {
    map = serviceAliases(r);
    aliasCache.set(r, map);
  }
  return map.get(v) ?? null;
}

/** Canonical slugs for a comma-separated list of service values; `null` if any is unknown. */
export function resolveServices(values: string[], r: Region): string[] | null {
  const out = new Set<string>();
  for (const v of values) {
    const slugs = resolveService(v, r);
    if (slugs === null) return null;
    slugs.forEach((s) => out.add(s));
  }
  return [...out];
}

/** Canonical services of a quote request's 'service needed' label or value. */
export function servicesOfQuoteOption(value: string, r: Region): string[] {
  return resolveService(value, r) ?? [];
}

/**
 * A town slug for a selector value ('laporte', 'Laporte Borough'), `''` for 'all' or the
 * all-county label, `null` when unknown.
 */
export function resolveTown(value: string, r: Region): string | null {
  const v = norm(value);
  if (v === '' || v === ALL || v === norm(r.allLocationsLabel)) return '';
  const town = r.towns.find((t) => t.slug === v || norm(t.label) === v || norm(t.name) === v);
  return town ? town.slug : null;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The town a free-text place belongs to ('Hillsgrove, PA' -> other-townships), or null.
 * The longest matching alias wins so 'Laporte Township' is not read as 'Laporte'.
 */
export function townFromText(text: string, r: Region): string | null {
  const v = norm(text).replace(
    new RegExp(`,?\\s*(${escapeRe(r.state.toLowerCase())}|${escapeRe(r.stateName.toLowerCase())})\\.?$`),
    '',
  );
  const exact = resolveTown(v, r);
  if (exact) return exact;
  let best: { slug: string; len: number } | null = null;
  for (const t of r.towns) {
    for (const a of [...t.aliases, norm(t.label), norm(t.name)]) {
      if (new RegExp(`(^|[^a-z])${escapeRe(a)}([^a-z]|$)`).test(v) && (!best || a.length > best.len)) {
        best = { slug: t.slug, len: a.length };
      }
    }
  }
  return best?.slug ?? null;
}

export function formatLocation(city: string, state: string): string {
  return `${city}, ${state}`;
}
