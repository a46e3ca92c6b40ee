import { count, eq, sql } from 'drizzle-orm';
import { region as defaultRegion, type Region } from '@shared/region';
import { DEFAULT_LEAD_PRICE_CENTS } from '@shared/pricing';
import type { Db, Tx } from '../client';
import {
  blogPosts,
  contractorServiceAreas,
  contractorServices,
  pricingRules,
  regions,
  regionServices,
  services,
  towns,
} from '../schema';
import { seedBlogPosts } from './data/blog-posts';
import { seedContractors } from './data/contractors';
import { contractorValues } from './factories';
import { insertContractors } from './insert-contractors';
import { sampleCredentials } from './sample-credentials';
import type { SamplePhotoPack } from './sample-photo-pack';
import { seedSamplePhotos } from './sample-photos';
import { seedSampleReviews } from './sample-reviews';

/**
 * Keeps the default county's row, towns and services equal to the region module; safe to run on
 * every start. Other counties' rows come from `npm run region:add` and are left as they are.
 */
async function syncTaxonomy(tx: Tx, r: Region): Promise<number> {
  const county = {
    name: r.county,
    state: r.state,
    template: 'pennsylvania',
    siteTitle: r.siteTitle,
    shortTitle: r.shortTitle,
    tagline: r.tagline,
    timeZone: r.timeZone,
    supportEmail: r.supportEmail,
  };
  const [row] = await tx
    .insert(regions)
    .values({ slug: r.slug, ...county, isDefault: true })
    .onConflictDoUpdate({ target: regions.slug, set: { ...county, updatedAt: new Date() } })
    .returning({ id: regions.id });
  const regionId = row!.id;
  for (const [i, t] of r.towns.entries()) {
    const values = {
      name: t.name,
      label: t.label,
      kind: t.kind,
      aliases: t.aliases,
      lat: t.geo.lat,
      lng: t.geo.lng,
      sortOrder: i,
    };
    await tx
      .insert(towns)
      .values({ regionId, slug: t.slug, ...values })
      .onConflictDoUpdate({ target: [towns.regionId, towns.slug], set: { ...values, updatedAt: new Date() } });
  }
  for (const [i, s] of r.services.entries()) {
    const [service] = await tx
      .insert(services)
      .values({ slug: s.slug, name: s.name, sortOrder: i })
      .onConflictDoUpdate({ target: services.slug, set: { name: s.name, sortOrder: i, updatedAt: new Date() } })
      .returning({ id: services.id });
    await tx.insert(regionServices).values({ regionId, serviceId: service!.id }).onConflictDoNothing();
  }
  return regionId;
}

async function idMaps(tx: Tx, regionId: number) {
  const townRows = await tx.select({ id: towns.id, slug: towns.slug }).from(towns).where(eq(towns.regionId, regionId));
  const serviceRows = await tx.select({ id: services.id, slug: services.slug }).from(services);
  return {
    townId: new Map(townRows.map((t) => [t.slug, t.id])),
    serviceId: new Map(serviceRows.map((s) => [s.slug, s.id])),
  };
}

async function seedSamples(tx: Tx, r: Region, regionId: number, now: Date, photos?: SamplePhotoPack) {
  const { townId, serviceId } = await idMaps(tx, regionId);
  // One statement a table, as the sample reviews and photos are written.
  const rows = await insertContractors(
    tx,
    seedContractors.map((c) =>
      contractorValues({
        name: c.name,
        email: c.email,
        phone: c.phone,
        website: c.website,
        address: c.address,
        city: c.city,
        state: r.state,
        zip: c.zip,
        homeTownId: townId.get(c.homeTown) ?? null,
        description: c.description,
        yearsInBusiness: c.yearsInBusiness,
        insuranceInfo: c.insuranceInfo,
        projectGalleryUrl: c.projectGalleryUrl,
        // Computed from the sample reviews below (docs/decisions/0055-computed-rating.md), never typed in.
        rating: 0,
        reviewCount: 0,
        verified: c.verified,
        ...sampleCredentials(c, r, now),
        certifications: c.licenseNumber ? [`Licensed: ${c.licenseNumber}`] : [],
        approvalStatus: c.approvalStatus,
        isVisible: c.approvalStatus === 'approved',
      }),
    ),
  );
  const reviewed = rows.map(({ id }, i) => ({ id, data: seedContractors[i]!, townId }));
  const svc = reviewed.flatMap(({ id, data }) =>
    data.services.flatMap((slug, position) =>
      serviceId.has(slug) ? [{ contractorId: id, serviceId: serviceId.get(slug)!, position }] : [],
    ),
  );
  if (svc.length) await tx.insert(contractorServices).values(svc);
  const areas = reviewed.flatMap(({ id, data }) =>
    [...new Set(data.serviceAreas)].flatMap((slug) =>
      townId.has(slug) ? [{ contractorId: id, townId: townId.get(slug)! }] : [],
    ),
  );
  if (areas.length) await tx.insert(contractorServiceAreas).values(areas);
  await seedSampleReviews(tx, r, reviewed, now);
  await seedSamplePhotos(tx, reviewed, now, photos);
  await tx.insert(blogPosts).values(
    seedBlogPosts.map((p) => ({
      slug: p.slug,
      title: p.title,
      content: p.content,
      excerpt: p.excerpt,
      metaDescription: p.metaDescription,
      keywords: p.keywords,
      author: p.author,
      publishedAt: new Date(`${p.publishedAt}T12:00:00Z`),
    })),
  );
}

export interface SeedOptions {
  /** The sample contractors and blog posts: on for a local run or a demo, never by default in production (docs/decisions/0081-production-data.md). */
  sampleData?: boolean;
  region?: Region;
  /** The sample photos drawn ahead; the build's pack when not given (docs/decisions/0135-sample-photo-pack.md). */
  samplePhotos?: SamplePhotoPack;
}

/**
 * Seeds an empty database: the taxonomy always (idempotent); on the very first start (no towns
 * yet) the default pricing rule and, when asked, the sample contractors and blog posts.
 */
export async function seedDatabase(
  db: Db,
  { sampleData = true, region = defaultRegion, samplePhotos }: SeedOptions = {},
): Promise<{ content: boolean }> {
  return db.transaction(async (tx) => {
    // Two processes starting together on one server must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(7172026)`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(towns);
    const regionId = await syncTaxonomy(tx, region);
    if (n > 0) return { content: false };
    await tx.insert(pricingRules).values({
      ruleType: 'global',
      ruleValue: null,
      leadPriceCents: DEFAULT_LEAD_PRICE_CENTS,
      priority: 0,
      isActive: true,
    });
    // The seed runs before the app's context and its clock exist (server/main.ts), so the sample
    // credentials and reviews are dated from the real day.
    if (sampleData) await seedSamples(tx, region, regionId, new Date(), samplePhotos);
    return { content: true };
  });
}
