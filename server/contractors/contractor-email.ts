import { eq, sql } from 'drizzle-orm';
import { contractorAccounts, contractors } from '../db/schema';

/**
 * Who receives a contractor's email, in a select: the address its portal account signs in with
 * once it has one (the contractor chose it, and changes it in the portal), else the listing's
 * address from the submission. Every message to a contractor (leads, receipts, claims, decisions
 * on its photos and edits, credential reminders) and the checkout's customer address read it here.
 * The query left-joins the account on `accountOfContractor`.
 */
export const contractorEmail = sql<string>`coalesce(${contractorAccounts.email}, ${contractors.email})`;

/** The contractor's portal account, when it has one: `.leftJoin(contractorAccounts, accountOfContractor)`. */
export const accountOfContractor = eq(contractorAccounts.contractorId, contractors.id);
