import type { Region } from '@shared/region';
import type { Tx } from '../client';
import { leadDeliveries, leads, leadStatusChanges, reviewRequests, reviews } from '../schema';
import type { SeedContractor } from './data/contractors';
import { leadValues } from './factories';

/**
 * Sample reviews for the sample contractors (a local run or a demo only,
 * docs/decisions/0081-production-data.md, docs/decisions/0055-computed-rating.md): each one stands on
 * a sample quote request, delivered and paid or credited, asked about by the follow-up and answered,
 * exactly the path a real review takes, so the ratings the directory shows are computed by the same
 * trigger from reviews that exist. For each contractor the stars add up to the rating and review
 * count its data file gives. Deterministic, dated over the last three years.
 */

const FIRST = ['Dana', 'Marcus', 'Ellen', 'Ray', 'Janet', 'Tom', 'Brenda', 'Luis', 'Karen', 'Walt', 'Amy', 'Gary', 'Dolores', 'Pete', 'Nina', 'Harold', 'Sue', 'Carl', 'Megan', 'Frank'];
const LAST = ['Kessler', 'Brady', 'Whitmore', 'Osborne', 'Lutz', 'Fenstermacher', 'Kuntz', 'Moyer', 'Rinehart', 'Heller', 'Bower', 'Zeigler', 'Dietz', 'Snyder', 'Hoover', 'Gearhart'];

const COMMENTS: Record<number, string[]> = {
  5: [
    'Called me back the same day, gave a clear written estimate and finished a week early. The crew cleaned up every evening.',
    'Honest about what we needed and what we did not. Would hire again without a second thought.',
    'Showed up when they said they would, every single day. Great work and fair price.',
    '',
  ],
  4: ['Good work and reasonable price. Took a little longer to get on the schedule than we hoped.', 'Solid job. A couple of small touch-ups at the end, which they came back for promptly.', ''],
  3: ['The work itself was fine, but it was hard to get updates on when they would come back.', 'Average experience. The estimate was clear but the job ran over by a few days.', ''],
  2: ['Took two weeks to call back and the quote was much higher than others we got.', 'They came out to look but never sent the estimate they promised.'],
  1: ['Never heard back after the first phone call.', 'Nobody showed up for the appointment we set.'],
};

const REPLIES = ['Thank you for the kind words, it was a pleasure working with you!', 'We appreciate the feedback and are glad the project came out the way you wanted.'];

/** A small deterministic generator (mulberry32), so every seeded database has the same sample reviews. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** `count` star ratings whose average, rounded as the trigger rounds it, is `rating`. */
export function starsFor(rating: number, count: number, next: () => number): number[] {
  let total = Math.round(rating * count);
  if (round1(total / count) !== rating) total += round1((total + 1) / count) === rating ? 1 : -1;
  total = Math.min(5 * count, Math.max(count, total));
  const stars = new Array<number>(count).fill(5);
  for (let sum = 5 * count; sum > total; sum--) {
    // Mostly take from stars already taken from, so a few low ratings stand among many good ones.
    let i = Math.floor(next() * count);
    if (next() < 0.4) {
      const lower = stars.flatMap((s, j) => (s < 5 && s > 1 ? [j] : []));
      if (lower.length) i = lower[Math.floor(next() * lower.length)]!;
    }
    while (stars[i]! <= 1) i = (i + 1) % count;
    stars[i]!--;
  }
  return stars;
}

const DAY_MS = 86_400_000;

export async function seedSampleReviews(tx: Tx, r: Region, contractors: { id: number; data: SeedContractor; townId: Map<string, number> }[], now: Date): Promise<void> {
  const serviceName = new Map(r.services.map((s) => [s.slug, s.name]));
  const town = new Map(r.towns.map((t) => [t.slug, t]));
  let n = 0;
  for (const [ci, { id, data, townId }] of contractors.entries()) {
    if (data.reviewCount === 0) continue;
    const next = random(1_000 + ci);
    const stars = starsFor(data.rating, data.reviewCount, next);
    const samples = stars.map((rating, i) => {
      n++;
      const first = FIRST[Math.floor(next() * FIRST.length)]!;
      const last = LAST[Math.floor(next() * LAST.length)]!;
      const service = data.services[Math.floor(next() * data.services.length)]!;
      const place = town.get(data.serviceAreas[Math.floor(next() * data.serviceAreas.length)]!)!;
      // Oldest first, over about three years, the last a few weeks ago.
      const askedAt = new Date(now.getTime() - (21 + Math.round(((stars.length - i) / stars.length) * 1_080 + next() * 10)) * DAY_MS);
      const contacted = rating >= 3 || next() < 0.5;
      const hired = contacted && (rating >= 4 ? next() < 0.85 : rating === 3 ? next() < 0.5 : false);
      const comments = COMMENTS[rating]!;
      return {
        rating,
        contacted,
        hired,
        first,
        askedAt,
        comment: comments[Math.floor(next() * comments.length)]!,
        reply: next() < 0.15 ? REPLIES[Math.floor(next() * REPLIES.length)]! : null,
        lead: leadValues({
          name: `${first} ${last}`,
          email: `${first}.${last}.${n}@example.com`.toLowerCase(),
          phone: `(570) 555-01${String(n % 100).padStart(2, '0')}`,
          serviceNeeded: serviceName.get(service) ?? service,
          serviceSlugs: [service],
          location: `${place.name}, PA`,
          townId: townId.get(place.slug) ?? null,
          projectDetails: `Looking for help with ${(serviceName.get(service) ?? service).toLowerCase()} at our place near ${place.name}.`,
          requestedContractorId: id,
          leadPriceCents: 2500,
          status: hired ? ('won' as const) : contacted ? ('lost' as const) : ('delivered' as const),
          createdAt: askedAt,
          updatedAt: askedAt,
        }),
        credited: next() < 0.5,
      };
    });

    const leadRows = await tx
      .insert(leads)
      .values(samples.map((s) => s.lead))
      .returning({ id: leads.id, email: leads.email });
    const leadIdOf = new Map(leadRows.map((l) => [l.email, l.id]));
    const at = (s: (typeof samples)[number], days: number) => new Date(s.askedAt.getTime() + days * DAY_MS);
    const deliveryRows = await tx
      .insert(leadDeliveries)
      .values(
        samples.map((s) => ({
          leadId: leadIdOf.get(s.lead.email)!,
          contractorId: id,
          priceCents: 2500,
          paymentState: s.credited ? ('credited' as const) : ('paid' as const),
          creditedAt: s.credited ? at(s, 0.1) : null,
          paidAt: s.credited ? null : at(s, 0.2),
          createdAt: at(s, 0.1),
          updatedAt: at(s, 0.2),
        })),
      )
      .returning({ id: leadDeliveries.id, leadId: leadDeliveries.leadId });
    const deliveryOf = new Map(deliveryRows.map((d) => [d.leadId, d.id]));
    const ids = samples.map((s) => {
      const leadId = leadIdOf.get(s.lead.email)!;
      return { leadId, deliveryId: deliveryOf.get(leadId)! };
    });

    const changes = samples.flatMap((s, i) => [
      ...(s.contacted ? [{ deliveryId: ids[i]!.deliveryId, status: 'contacted' as const, changedAt: at(s, 1) }] : []),
      ...(s.contacted ? [{ deliveryId: ids[i]!.deliveryId, status: s.hired ? ('won' as const) : ('lost' as const), changedAt: at(s, 6) }] : []),
    ]);
    if (changes.length) await tx.insert(leadStatusChanges).values(changes);
    await tx.insert(reviewRequests).values(samples.map((s, i) => ({ deliveryId: ids[i]!.deliveryId, status: 'sent' as const, expiresAt: at(s, 67), createdAt: at(s, 7) })));
    await tx.insert(reviews).values(
      samples.map((s, i) => ({
        ...ids[i]!,
        contractorId: id,
        contacted: s.contacted,
        hired: s.hired,
        rating: s.rating,
        comment: s.comment,
        authorName: s.first,
        reply: s.reply,
        repliedAt: s.reply ? at(s, 12) : null,
        createdAt: at(s, 8),
        updatedAt: at(s, 8),
      })),
    );
  }
}
