import { isIP } from 'node:net';

/** What the host check needs of a county (docs/decisions/0099-county-by-host.md). */
export interface CountySite {
  slug: string;
  siteTitle: string;
  isDefault: boolean;
  /** Its production address (https://wyoming.example.org), or null. */
  publicUrl: string | null;
}

/** A host name as compared: lower case, without a trailing dot or IPv6 brackets. */
export function normalHost(hostname: string | undefined): string {
  return (hostname ?? '')
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
}

/**
 * The deployment's own addresses, which are always the default county's site without asking the
 * database: no host at all, `localhost`, any IP address (a health probe, a proxy that does not
 * pass the host on) and the host of PUBLIC_URL.
 */
export function isBareHost(hostname: string | undefined, deploymentHost: string | null): boolean {
  const h = normalHost(hostname);
  return h === '' || h === 'localhost' || isIP(h) !== 0 || h === deploymentHost;
}

/** The host name of an address, compared as normalHost does; null for none or a malformed one. */
export function hostOfUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    return normalHost(new URL(url).hostname);
  } catch {
    return null;
  }
}

/**
 * The county whose site a host name is, or null (a 404): a county's own public URL; the
 * deployment's bare addresses for the default county; `<slug>.localhost` in development and
 * `<slug>.<PUBLIC_URL's host>` for every county. A deployment of one county answers on any host,
 * as it always has.
 */
export function countyOfHost<C extends CountySite>(
  hostname: string | undefined,
  counties: readonly C[],
  deploymentHost: string | null,
): C | null {
  const h = normalHost(hostname);
  if (counties.length === 1) return counties[0]!;
  const own = counties.find((c) => hostOfUrl(c.publicUrl) === h);
  if (own) return own;
  if (isBareHost(h, deploymentHost)) return counties.find((c) => c.isDefault) ?? null;
  const dot = h.indexOf('.');
  const parent = h.slice(dot + 1);
  if (dot <= 0 || (parent !== 'localhost' && parent !== deploymentHost)) return null;
  return counties.find((c) => c.slug === h.slice(0, dot)) ?? null;
}

/**
 * The address of a county's site, for the links in its emails and pages: its own public URL when
 * it has one; the deployment's address for the default county; otherwise `<slug>.` before the
 * deployment's host (`<slug>.localhost` when that is localhost or an IP address), with the same
 * scheme and port, which countyOfHost answers with that county.
 */
export function siteUrlOf(county: Pick<CountySite, 'slug' | 'isDefault' | 'publicUrl'>, deploymentUrl: string): string {
  if (county.publicUrl) return county.publicUrl.replace(/\/$/, '');
  if (county.isDefault) return deploymentUrl.replace(/\/$/, '');
  const url = new URL(deploymentUrl);
  const host = normalHost(url.hostname);
  url.hostname = `${county.slug}.${host === 'localhost' || isIP(host) !== 0 ? 'localhost' : host}`;
  return url.origin;
}
