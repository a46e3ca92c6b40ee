import { asc, desc } from 'drizzle-orm';
import type { AppContext } from '../context';
import { regions } from '../db/schema';
import { countyOfHost, hostOfUrl, isBareHost, type CountySite } from './host';

/**
 * Which county a request's host name is the site of (docs/decisions/0099-county-by-host.md),
 * owned by the app. The deployment's bare addresses are the default county's without a database
 * read, so the single-county path costs what it did; other host names are looked up in the
 * counties' rows, read again whenever the directory version moves (a trigger bumps it on every
 * write to `regions`), so every process sees a county added by any of them.
 */
export class CountySites {
  private readonly deploymentHost: string | null;
  private held: { version: number; counties: Promise<CountySite[]> } | null = null;
  private last: CountySite[] | null = null;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'directory'>,
    publicUrl: string | undefined,
    private readonly defaultSlug: string,
  ) {
    this.deploymentHost = hostOfUrl(publicUrl ?? null);
  }

  /** The default county's slug when the host name is one of the deployment's bare addresses, at once (no database read). */
  bare(hostname: string | undefined): string | null {
    return isBareHost(hostname, this.deploymentHost) ? this.defaultSlug : null;
  }

  /** The county of any host name, or null when it is no county's site; `since`: when the request arrived (performance.now()). */
  async slugOf(hostname: string | undefined, since?: number): Promise<string | null> {
    const bare = this.bare(hostname);
    if (bare) return bare;
    return countyOfHost(hostname, await this.counties(since), this.deploymentHost)?.slug ?? null;
  }

  private async counties(since?: number): Promise<CountySite[]> {
    let version: number;
    try {
      version = await this.ctx.directory.version(undefined, since);
    } catch (err) {
      // While the database is away the counties last read still say which host is which.
      if (this.last) return this.last;
      throw err;
    }
    if (this.held && this.held.version >= version) return this.held.counties;
    const counties = this.ctx.db
      .select({
        slug: regions.slug,
        siteTitle: regions.siteTitle,
        isDefault: regions.isDefault,
        publicUrl: regions.publicUrl,
      })
      .from(regions)
      .orderBy(desc(regions.isDefault), asc(regions.slug))
      .then((rows) => (this.last = rows));
    const next = { version, counties };
    this.held = next;
    counties.catch(() => this.held === next && (this.held = null));
    return counties;
  }
}
