import { and, eq, inArray } from 'drizzle-orm';
import type { Region } from '@shared/region';
import { certificationsFor, SUBMISSION_DEFAULTS, type Submission } from '@shared/schemas/submission';
import { formatLocation, resolveServices, serviceName, townFromText } from '@shared/taxonomy';
import { inTransaction, type AppContext } from '../context';
import { contractors, services, towns } from '../db/schema';
import { townInCounty } from '../directory/county';
import { siteUrlOfCounty } from '../counties/region-of';
import { notifyAdmin } from '../notifications/admin-notices';
import { addSubmittedCredentials, checkNumberFree, withUniqueNumber } from './credentials';
import { createUploadToken } from './insurance-certificates';
import { writeListingTaxonomy } from './listing-taxonomy';

/**
 * Stores a business submission for the administrator to review. Everything only the server may
 * decide is set here, never taken from the visitor: a submission is always pending and hidden,
 * unrated and unverified (docs/decisions/0010-bad-input.md).
 */
export async function submitBusiness(
  ctx: AppContext,
  input: Submission,
  region: Region,
): Promise<{ id: number; certificateUploadToken: string }> {
  // Validated already; the schema refuses unknown services.
  const serviceSlugs = resolveServices(input.services, region) ?? [];
  const townSlug = townFromText(input.city, region);
  // Read before the transaction (on the embedded driver a read outside it would wait for it).
  const siteUrl = await siteUrlOfCounty(ctx, region.slug);

  return withUniqueNumber(input.licenseNumber, () =>
    inTransaction(ctx, async (tx) => {
      // One listing per registration number (docs/decisions/0031-credentials-stored.md).
      await checkNumberFree(tx, input.licenseNumber);
      const serviceRows = await tx.db
        .select({ id: services.id, slug: services.slug })
        .from(services)
        .where(inArray(services.slug, serviceSlugs));
      const serviceId = new Map(serviceRows.map((s) => [s.slug, s.id]));
      const [town] = townSlug
        ? await tx.db
            .select({ id: towns.id, regionId: towns.regionId })
            .from(towns)
            .where(and(eq(towns.slug, townSlug), townInCounty(region.slug)))
        : [];

      const [row] = await tx.db
        .insert(contractors)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone,
          website: input.website || null,
          address: input.address,
          city: input.city,
          state: region.state,
          zip: input.zip,
          homeTownId: town?.id ?? null,
          description: input.description,
          yearsInBusiness: input.yearsInBusiness,
          insuranceInfo: input.insuranceInfo,
          projectGalleryUrl: input.projectGalleryUrl || null,
          certifications: certificationsFor(input.licenseNumber),
          ...SUBMISSION_DEFAULTS,
          rating: 0,
          reviewCount: 0,
          verified: false,
          approvalStatus: 'pending',
          isVisible: false,
          isFeatured: false,
          // Its billing row (the Free plan) comes with it (server/db/schema/contractor-billing.ts).
        })
        .returning({ id: contractors.id });
      const contractorId = row!.id;

      await writeListingTaxonomy(tx, [
        {
          contractorId,
          serviceIds: serviceSlugs.flatMap((slug) => serviceId.get(slug) ?? []),
          townIds: town ? [town.id] : [],
        },
      ]);
      // The business's home county is its town's; its administrators hear of it, on its site (docs/decisions/0106-county-emails-and-jobs.md).
      await notifyAdmin(tx, {
        kind: 'submission-notice',
        regionId: town?.regionId ?? null,
        subject: `New business submission: ${input.name}`,
        text: [
          `${input.name} submitted their business for review.`,
          '',
          `Location: ${formatLocation(input.city, region.state)}`,
          `Services: ${serviceSlugs.map((s) => serviceName(s, region)).join(', ')}`,
          `Email: ${input.email}`,
          `Phone: ${input.phone}`,
          '',
          `Review it at ${siteUrl}/admin/contractors`,
        ].join('\n'),
      });
      await addSubmittedCredentials(tx, contractorId, input);
      return { id: contractorId, certificateUploadToken: await createUploadToken(tx, contractorId) };
    }),
  );
}
