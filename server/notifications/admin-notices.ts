import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext, DbCtx } from '../context';
import { adminUserRegions, adminUsers } from '../db/schema';
import type { EmailKind } from '../integrations/email';
import { queueEmail, type OutboxCtx } from './email-delivery';

/** The platform's address for notices; without ADMIN_EMAIL they land in the outbox under this name. */
export const adminAddress = (ctx: Pick<AppContext, 'env'>) => ctx.env.ADMIN_EMAIL ?? 'admin@outbox.local';

/** A county administrator's mailbox: its address and the counties whose mail it gets. */
export interface CountyRecipient {
  to: string;
  regionIds: number[];
}

/**
 * The enabled county administrators with an email address (docs/decisions/0106-county-emails-and-jobs.md),
 * one entry per address (case-insensitively), with the counties of every account using it, in
 * address order; `regionId` narrows them to that county's. The platform's address is left out: it
 * gets every county's mail already.
 */
export async function countyRecipients(
  ctx: DbCtx & Pick<AppContext, 'env'>,
  regionId?: number,
): Promise<CountyRecipient[]> {
  const address = sql<string>`lower(${adminUsers.email})`;
  const rows = await ctx.db
    .select({
      to: sql<string>`min(${adminUsers.email})`,
      regionIds: sql<number[]>`array_agg(distinct ${adminUserRegions.regionId} order by ${adminUserRegions.regionId})`,
    })
    .from(adminUsers)
    .innerJoin(adminUserRegions, eq(adminUserRegions.adminUserId, adminUsers.id))
    .where(
      and(
        eq(adminUsers.role, 'county'),
        isNull(adminUsers.disabledAt),
        isNotNull(adminUsers.email),
        sql`${address} <> lower(${adminAddress(ctx)})`,
      ),
    )
    .groupBy(address)
    .orderBy(asc(address));
  const all = rows.map((r) => ({ to: r.to, regionIds: r.regionIds.map(Number) }));
  return regionId === undefined ? all : all.filter((r) => r.regionIds.includes(regionId));
}

/**
 * Tells the administrators about something that needs them (new submission, new lead, a claim):
 * the platform's address, and when the item is a county's (`regionId`), that county's
 * administrators who have an address. Queued in the transaction that stores the thing itself
 * (ctx.db; docs/decisions/0087-transactional-outbox.md); the text links to the county's site.
 */
export async function notifyAdmin(
  ctx: OutboxCtx & Pick<AppContext, 'env'>,
  message: { kind: EmailKind; subject: string; text: string; regionId?: number | null },
): Promise<void> {
  await queueEmail(ctx, { ...message, to: adminAddress(ctx) });
  if (message.regionId == null) return;
  for (const { to } of await countyRecipients(ctx, message.regionId)) await queueEmail(ctx, { ...message, to });
}
