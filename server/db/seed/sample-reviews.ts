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

const FIRST = [
  'Dana',
  'Marcus',
  'Ellen',
  'Ray',
  'Janet',
  'Tom',
  'Brenda',
  'Luis',
  'Karen',
  'Walt',
  'Amy',
  'Gary',
  'Dolores',
  'Pete',
  'Nina',
  'Harold',
  'Sue',
  'Carl',
  'Megan',
  'Frank',
];
const LAST = [
  'Kessler',
  'Brady',
  'Whitmore',
  'Osborne',
  'Lutz',
  'Fenstermacher',
  'Kuntz',
  'Moyer',
  'Rinehart',
  'Heller',
  'Bower',
  'Zeigler',
  'Dietz',
  'Snyder',
  'Hoover',
  'Gearhart',
];

/**
 * A review's words are put together from the project (its service and town), how it went for its
 * stars, and sometimes a closing line, so a profile with a hundred reviews reads like a hundred
 * homeowners rather than three sentences over and over (issue: "make the sample data read like a
 * real county's"). Each contractor's reviews never repeat a comment.
 */
const OPENERS = [
  (service: string, town: string) => `We hired them for ${service} at our house in ${town}.`,
  (service: string, town: string) => `Had ${service} done on our camp outside ${town} this year.`,
  (service: string) => `Needed ${service} before winter and they fit us in.`,
  (service: string, town: string) => `Our ${service} job in ${town} was not a simple one.`,
  (service: string) => `Got three quotes for ${service}; this was the one we went with.`,
  (service: string, town: string) => `My mother's place in ${town} needed ${service}.`,
  (service: string) => `Second time using them, this time for ${service}.`,
  () => '',
];

const HOW_IT_WENT: Record<number, string[]> = {
  5: [
    'Called back the same day and the written estimate matched the final bill to the dollar.',
    'The crew was on time every morning and swept up before they left.',
    'They explained what actually needed doing and talked us out of what did not.',
    'Finished a week ahead of schedule, even with the rain.',
    'The owner came out himself to check the work before calling it done.',
    'Fair price, good communication, and the work looks great.',
    'They found a problem the last contractor missed and fixed it without making a fuss.',
    'Answered every text, sent photos while we were away, and the job came out perfect.',
    'Worked around our dogs and our schedule without a complaint.',
    'Neat, careful work. You can tell they take pride in it.',
  ],
  4: [
    'Good work at a reasonable price; it took a few weeks to get on their schedule.',
    'Solid job. A couple of small touch-ups at the end, which they came back for promptly.',
    'The work is good. Communication could have been a bit quicker.',
    'Did what they said for what they quoted, though they started a few days late.',
    'Happy with the result. The cleanup at the end could have been better.',
    'Knowledgeable and friendly; the job ran a little over the time they gave us.',
  ],
  3: [
    'The work itself was fine, but it was hard to get updates on when they would be back.',
    'The estimate was clear but the job ran over by a couple of weeks.',
    'Okay result. We had to call twice to get the last items finished.',
    'Decent work, though the price crept up from the first quote.',
  ],
  2: [
    'Took two weeks to call back and the quote was much higher than the others we got.',
    'They came out to look but the estimate they promised took a month.',
    'Started strong, then we did not see them for ten days in the middle of the job.',
  ],
  1: [
    'Never heard back after the first phone call.',
    'Nobody showed up for the appointment we set, twice.',
    'Took a deposit and then went quiet for weeks.',
  ],
};

const CLOSERS: Record<number, string[]> = {
  5: [
    'Would hire again without a second thought.',
    'Already recommended them to our neighbors.',
    'Highly recommend.',
    '',
    '',
    '',
  ],
  4: ['Would use them again.', 'Recommended, just plan ahead.', '', ''],
  3: ['Might use them again for something small.', '', ''],
  2: ['', ''],
  1: [''],
};

/** A comment for these stars that this contractor's reviews do not have yet ('' for a rating alone, now and then). */
function commentFor(rating: number, service: string, town: string, next: () => number, used: Set<string>): string {
  if (next() < 0.12) return '';
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  for (let attempt = 0; attempt < 20; attempt++) {
    const comment = [pick(OPENERS)(service, town), pick(HOW_IT_WENT[rating]!), pick(CLOSERS[rating]!)]
      .filter(Boolean)
      .join(' ');
    if (!used.has(comment)) {
      used.add(comment);
      return comment;
    }
  }
  return '';
}

const REPLIES = [
  'Thank you for the kind words, it was a pleasure working with you!',
  'We appreciate the feedback and are glad the project came out the way you wanted.',
];

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

export async function seedSampleReviews(
  tx: Tx,
  r: Region,
  contractors: { id: number; data: SeedContractor; townId: Map<string, number> }[],
  now: Date,
): Promise<void> {
  const serviceName = new Map(r.services.map((s) => [s.slug, s.name]));
  const town = new Map(r.towns.map((t) => [t.slug, t]));
  let n = 0;
  // Drawn contractor by contractor, then written in one statement a table: the triggers that keep
  // the counts and ratings run once a statement, and this is most of a first start with sample data.
  const samples = contractors.flatMap(({ id, data, townId }, ci) => {
    if (data.reviewCount === 0) return [];
    const next = random(1_000 + ci);
    const stars = starsFor(data.rating, data.reviewCount, next);
    const used = new Set<string>();
    return stars.map((rating, i) => {
      n++;
      const first = FIRST[Math.floor(next() * FIRST.length)]!;
      const last = LAST[Math.floor(next() * LAST.length)]!;
      const service = data.services[Math.floor(next() * data.services.length)]!;
      const place = town.get(data.serviceAreas[Math.floor(next() * data.serviceAreas.length)]!)!;
      // Oldest first, over about three years, the last a few weeks ago.
      const askedAt = new Date(
        now.getTime() - (21 + Math.round(((stars.length - i) / stars.length) * 1_080 + next() * 10)) * DAY_MS,
      );
      const contacted = rating >= 3 || next() < 0.5;
      const hired = contacted && (rating >= 4 ? next() < 0.85 : rating === 3 ? next() < 0.5 : false);
      return {
        rating,
        contacted,
        hired,
        first,
        askedAt,
        comment: commentFor(rating, (serviceName.get(service) ?? service).toLowerCase(), place.name, next, used),
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
        contractorId: id,
      };
    });
  });
  if (!samples.length) return;
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
        contractorId: s.contractorId,
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
    ...(s.contacted
      ? [
          {
            deliveryId: ids[i]!.deliveryId,
            status: s.hired ? ('won' as const) : ('lost' as const),
            changedAt: at(s, 6),
          },
        ]
      : []),
  ]);
  if (changes.length) await tx.insert(leadStatusChanges).values(changes);
  await tx.insert(reviewRequests).values(
    samples.map((s, i) => ({
      deliveryId: ids[i]!.deliveryId,
      status: 'sent' as const,
      expiresAt: at(s, 67),
      createdAt: at(s, 7),
    })),
  );
  await tx.insert(reviews).values(
    samples.map((s, i) => ({
      ...ids[i]!,
      contractorId: s.contractorId,
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
