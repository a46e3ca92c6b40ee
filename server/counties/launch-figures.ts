import { sql } from 'drizzle-orm';
import type { CountyLaunchFigures } from '@shared/schemas/region';
import type { ServiceCtx } from '../context';

/**
 * When a county is worth announcing (docs/decisions/0133-launch-figures-and-honest-home.md): its
 * home page's featured row is full (six listed contractors, FEATURED_COUNT) and at least three of
 * them show their work with a photo.
 */
export const ANNOUNCE_WHEN = { listed: 6, withPhotos: 3 } as const;

interface LaunchRow {
  id: number;
  imported: number | string;
  approved: number | string;
  claimed: number | string;
  listed: number | string;
  with_photos: number | string;
  requests_this_month: number | string;
}

/**
 * Every county's launch figures, by county id, in one statement (a few subqueries per county,
 * each reading only that county's rows through its indexes): its imported listings (home town in
 * the county) and how many of those were approved and claimed; the contractors its site lists (the
 * directory's rule, server/directory/county.ts `servesCounty`, with `isListed`) and how many of
 * those have an approved photo; and its quote requests since the 1st of the month in its own time
 * zone, on the app's clock.
 */
export async function countyLaunchFigures(ctx: ServiceCtx): Promise<Map<number, CountyLaunchFigures>> {
  const now = ctx.clock.now().toISOString();
  const result = await ctx.db.execute(sql`
    select r."id",
      imp."imported", imp."approved", imp."claimed",
      lst."listed", lst."with_photos",
      (select count(*) from leads l
        where l."region_id" = r."id"
          and l."created_at" >= (date_trunc('month', ${now}::timestamptz at time zone r."time_zone") at time zone r."time_zone")
      ) as "requests_this_month"
    from regions r
    cross join lateral (
      select count(*) as "imported",
        count(*) filter (where c."approval_status" = 'approved') as "approved",
        count(*) filter (where c."claimed_at" is not null) as "claimed"
      from contractors c join towns t on t."id" = c."home_town_id"
      where t."region_id" = r."id" and c."import_id" is not null
    ) imp
    cross join lateral (
      select count(*) as "listed",
        count(*) filter (where exists (
          select 1 from contractor_photos p where p."contractor_id" = c."id" and p."status" = 'approved'
        )) as "with_photos"
      from contractors c
      where c."approval_status" = 'approved' and c."is_visible"
        and c."id" in (
          select h."id" from contractors h join towns t on t."id" = h."home_town_id" where t."region_id" = r."id"
          union all
          select a."contractor_id" from contractor_service_areas a join towns t on t."id" = a."town_id" where t."region_id" = r."id"
          -- On the default county's site, a contractor with no town at all, as before counties.
          union all
          select n."id" from contractors n
          where r."is_default" and n."home_town_id" is null
            and not exists (select 1 from contractor_service_areas a where a."contractor_id" = n."id")
        )
    ) lst`);
  const rows = (result as unknown as { rows: LaunchRow[] }).rows;
  return new Map(
    rows.map((r) => {
      const listed = Number(r.listed);
      const withPhotos = Number(r.with_photos);
      return [
        Number(r.id),
        {
          imported: Number(r.imported),
          approved: Number(r.approved),
          claimed: Number(r.claimed),
          listed,
          withPhotos,
          requestsThisMonth: Number(r.requests_this_month),
          toAnnounce: {
            listed: Math.max(0, ANNOUNCE_WHEN.listed - listed),
            withPhotos: Math.max(0, ANNOUNCE_WHEN.withPhotos - withPhotos),
          },
        },
      ];
    }),
  );
}

/** The figures of a county with nothing yet (one just added). */
export const NO_LAUNCH_FIGURES: CountyLaunchFigures = Object.freeze({
  imported: 0,
  approved: 0,
  claimed: 0,
  listed: 0,
  withPhotos: 0,
  requestsThisMonth: 0,
  toAnnounce: Object.freeze({ ...ANNOUNCE_WHEN }),
});
