import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ImportSummary } from '@shared/contractor-import';
import { inTransaction, type AppContext, type DbCtx } from '../../context';
import { contractorImports, contractors, regions } from '../../db/schema';
import type { AdminScope } from '../../domain/actors';
import { inScope } from '../../counties/admin-scope';

/**
 * The imports an administrator's counties have had, newest first, with how many of their listings
 * still wait for approval (docs/decisions/0130-contractor-import.md).
 */
export async function listImports(ctx: DbCtx, scope: AdminScope): Promise<ImportSummary[]> {
  const rows = await ctx.db
    .select({
      id: contractorImports.id,
      county: regions.slug,
      countyName: regions.name,
      fileName: contractorImports.fileName,
      importedBy: contractorImports.importedBy,
      createdAt: contractorImports.createdAt,
      rowCount: contractorImports.rowCount,
      createdCount: contractorImports.createdCount,
      updatedCount: contractorImports.updatedCount,
      duplicateCount: contractorImports.duplicateCount,
      errorCount: contractorImports.errorCount,
      pendingCount:
        sql<number>`(select count(*) from ${contractors} where ${contractors.importId} = ${contractorImports.id} and ${contractors.approvalStatus} = 'pending')`.mapWith(
          Number,
        ),
    })
    .from(contractorImports)
    .innerJoin(regions, eq(regions.id, contractorImports.regionId))
    .where(inScope(scope, contractorImports.regionId))
    .orderBy(desc(contractorImports.createdAt), desc(contractorImports.id))
    .limit(50);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Approves every listing of an import still waiting, at once: each is listed as unclaimed. No
 * account is made and nothing is sent; that waits for its owner's claim (docs/decisions/0131-listing-claims.md).
 */
export async function approveImport(ctx: AppContext, importId: number): Promise<{ approved: number }> {
  return inTransaction(ctx, async (tx) => {
    const approved = await tx.db
      .update(contractors)
      .set({ approvalStatus: 'approved', isVisible: true, rejectionReason: null })
      .where(
        and(
          eq(contractors.importId, importId),
          eq(contractors.approvalStatus, 'pending'),
          isNull(contractors.claimedAt),
        ),
      )
      .returning({ id: contractors.id });
    return { approved: approved.length };
  });
}
