import { and, asc, eq, inArray } from 'drizzle-orm';
import { region } from '../../shared/region';
import { planById } from '../../shared/plans';
import type { Db } from '../../server/db/client';
import {
  contractorBilling,
  contractorLeadPreferences,
  contractors,
  contractorServiceAreas,
  contractorServices,
  regions,
  services,
  towns,
} from '../../server/db/schema';

/** A listed contractor of the bench and what a quote request it would take may say. */
export interface SpeedContractor {
  id: number;
  /** A plan with credits left (the lead is credited), or none left (the pay link). */
  credits: boolean;
  /** Quote form services (labels) among the contractor's own. */
  services: string[];
  /** Town names among the towns it serves. */
  towns: string[];
}

/** More than any run uses, so a contractor with credits never runs out mid-run. */
const BONUS_CREDITS = 100_000;

/**
 * Readies the sample county for bench:lead-speed, in the database before the app starts (the
 * embedded one has a single process): lead delivery automatic (docs/decisions/0117-lead-routing.md);
 * every other listed contractor on Premium with bonus credits to spare, the rest on Free with the
 * month's credits used (their leads take the pay link); and every one opted in to lead texts with
 * a mobile number of its own (docs/decisions/0118-text-messages.md), as the portal's Lead
 * preferences would save them.
 */
export async function prepareLeadSpeed(db: Db): Promise<SpeedContractor[]> {
  await db.update(regions).set({ leadDelivery: 'automatic' }).where(eq(regions.slug, region.slug));
  const listed = await db
    .select({ id: contractors.id, homeTownId: contractors.homeTownId })
    .from(contractors)
    .where(and(eq(contractors.approvalStatus, 'approved'), eq(contractors.isVisible, true)))
    .orderBy(asc(contractors.id));
  const ids = listed.map((c) => c.id);
  const serviceRows = await db
    .select({ contractorId: contractorServices.contractorId, slug: services.slug })
    .from(contractorServices)
    .innerJoin(services, eq(services.id, contractorServices.serviceId))
    .where(inArray(contractorServices.contractorId, ids));
  const areaRows = await db
    .select({ contractorId: contractorServiceAreas.contractorId, townId: contractorServiceAreas.townId })
    .from(contractorServiceAreas)
    .where(inArray(contractorServiceAreas.contractorId, ids));
  const townRows = await db
    .select({ id: towns.id, slug: towns.slug })
    .from(towns)
    .innerJoin(regions, eq(regions.id, towns.regionId))
    .where(eq(regions.slug, region.slug));
  const townSlug = new Map(townRows.map((t) => [t.id, t.slug]));

  // Requests it takes (its listing's services and towns, the routing's default), so none is released.
  const usable = listed.flatMap((c) => {
    const slugs = serviceRows.filter((r) => r.contractorId === c.id).map((r) => r.slug);
    const townIds = [
      ...areaRows.filter((r) => r.contractorId === c.id).map((r) => r.townId),
      ...(c.homeTownId != null ? [c.homeTownId] : []),
    ];
    const ownTowns = new Set(townIds.map((id) => townSlug.get(id)).filter(Boolean));
    const options = region.quoteServices.filter((o) => slugs.length === 0 || o.services.some((s) => slugs.includes(s)));
    const places = region.towns.filter((t) => ownTowns.size === 0 || ownTowns.has(t.slug));
    return options.length && places.length
      ? [{ id: c.id, services: options.map((o) => o.label), towns: places.map((t) => t.name) }]
      : [];
  });

  const result: SpeedContractor[] = [];
  for (const [i, c] of usable.entries()) {
    const credits = i % 2 === 0;
    await db
      .update(contractorBilling)
      .set(
        credits
          ? {
              subscriptionPlan: 'premium',
              subscriptionStatus: 'active',
              monthlyLeadsUsed: 0,
              bonusCredits: BONUS_CREDITS,
            }
          : {
              subscriptionPlan: 'free',
              subscriptionStatus: 'none',
              monthlyLeadsUsed: planById('free').leadCredits,
              bonusCredits: 0,
              creditsPeriodStart: new Date(),
            },
      )
      .where(eq(contractorBilling.contractorId, c.id));
    const prefs = { textPhone: `+1570555${String(2000 + i).padStart(4, '0')}`, textOptIn: true };
    await db
      .insert(contractorLeadPreferences)
      .values({ contractorId: c.id, ...prefs })
      .onConflictDoUpdate({ target: contractorLeadPreferences.contractorId, set: prefs });
    result.push({ ...c, credits });
  }
  return result;
}
