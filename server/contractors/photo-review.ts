import { and, asc, eq, ne } from 'drizzle-orm';
import type { AdminPhoto, PhotoStatus } from '@shared/schemas/photos';
import { inTransaction, type AppContext } from '../context';
import { contractorAccounts, contractorPhotos, contractors, type ContractorPhotoRow } from '../db/schema';
import type { AdminActor, AdminScope } from '../domain/actors';
import { conflict, notFound } from '../domain/errors';
import { contractorInScope, oneCountyOf } from '../counties/admin-scope';
import { deletePhotos, PHOTO_NOT_FOUND, photosOf } from './contractor-photos';
import { contractorSite } from '../accounts/account-links';
import { queueEmail } from '../notifications/email-delivery';
import { ownPhotoOf, variantsOf } from './photo-views';
import { accountOfContractor, contractorEmail } from './contractor-email';

/**
 * Photos are reviewed before they are public, like the listing's text
 * (docs/decisions/0110-contractor-photos.md): an administrator of a county the contractor serves
 * approves or rejects each one with a reason, and the contractor is emailed either way, through
 * the outbox in the decision's transaction, with a link on its home county's site
 * (docs/decisions/0127-contractor-mail-links-home.md).
 */

type ReviewCtx = Pick<AppContext, 'db' | 'clock' | 'mail' | 'jobs' | 'siteUrl' | 'env'>;

/** Photos in this state of the contractors the administrator sees, oldest first (a queue). */
export async function listPhotosForReview(
  ctx: Pick<AppContext, 'db'>,
  scope: AdminScope,
  status: PhotoStatus,
): Promise<AdminPhoto[]> {
  const rows = await ctx.db
    .select({ photo: contractorPhotos, contractorName: contractors.name })
    .from(contractorPhotos)
    .innerJoin(contractors, eq(contractors.id, contractorPhotos.contractorId))
    .where(and(eq(contractorPhotos.status, status), contractorInScope(scope, contractorPhotos.contractorId)))
    .orderBy(asc(contractorPhotos.updatedAt), asc(contractorPhotos.id))
    .limit(500);
  const variants = await variantsOf(
    ctx,
    rows.map((r) => r.photo.id),
  );
  return rows.map((r) => ({
    ...ownPhotoOf(r.photo, variants.get(r.photo.id) ?? []),
    contractorId: r.photo.contractorId,
    contractorName: r.contractorName,
  }));
}

/** The county the message is about: the administrator's own when it has one in view, else the platform's mail. */
const regionOfDecision = (scope: AdminScope) => oneCountyOf(scope.regionIds);

async function lockedPhoto(ctx: Pick<AppContext, 'db'>, photoId: number) {
  const [row] = await ctx.db
    .select({ photo: contractorPhotos, name: contractors.name, email: contractorEmail })
    .from(contractorPhotos)
    .innerJoin(contractors, eq(contractors.id, contractorPhotos.contractorId))
    .leftJoin(contractorAccounts, accountOfContractor)
    .where(eq(contractorPhotos.id, photoId))
    .for('update', { of: contractorPhotos });
  if (!row) throw notFound(PHOTO_NOT_FOUND);
  // The decision goes where the contractor signs in, as every other message to it does; the listing's address before an account exists.
  return { photo: row.photo, name: row.name, email: row.email };
}

const photoName = (p: ContractorPhotoRow) =>
  p.kind === 'logo' ? 'logo' : p.caption ? `project photo "${p.caption}"` : 'project photo';

export async function approvePhoto(
  ctx: ReviewCtx,
  scope: AdminScope,
  photoId: number,
  admin: AdminActor,
): Promise<AdminPhoto> {
  return inTransaction(ctx, async (tx) => {
    const { photo, name, email } = await lockedPhoto(tx, photoId);
    if (photo.status !== 'pending') throw conflict(`This photo is ${photo.status}, not waiting for review`);
    const [updated] = await tx.db
      .update(contractorPhotos)
      .set({
        status: 'approved',
        rejectionReason: null,
        reviewedAt: tx.clock.now(),
        reviewedBy: admin.adminUserId,
        updatedAt: tx.clock.now(),
      })
      .where(eq(contractorPhotos.id, photoId))
      .returning();
    if (photo.kind === 'logo') {
      // One logo: the approved one replaces the one shown until now.
      const older = await tx.db
        .select({ id: contractorPhotos.id })
        .from(contractorPhotos)
        .where(and(photosOf(photo.contractorId, 'logo'), ne(contractorPhotos.id, photoId)));
      await deletePhotos(
        tx,
        older.map((o) => o.id),
      );
    }
    const { siteUrl } = await contractorSite(tx, photo.contractorId);
    await queueEmail(tx, {
      kind: 'photo-decision',
      to: email,
      regionId: regionOfDecision(scope),
      subject: `Your ${photo.kind === 'logo' ? 'logo' : 'project photo'} is now on your listing`,
      text: [
        `Hello ${name},`,
        '',
        `Your ${photoName(photo)} was approved and now shows on your listing.`,
        '',
        `Your photos: ${siteUrl}/contractor?section=photos`,
      ].join('\n'),
    });
    return {
      ...ownPhotoOf(updated!, (await variantsOf(tx, [photoId])).get(photoId) ?? []),
      contractorId: photo.contractorId,
      contractorName: name,
    };
  });
}

/** Rejects a pending photo, or takes down an approved one; the reason goes to the contractor. */
export async function rejectPhoto(
  ctx: ReviewCtx,
  scope: AdminScope,
  photoId: number,
  reason: string,
  admin: AdminActor,
): Promise<AdminPhoto> {
  return inTransaction(ctx, async (tx) => {
    const { photo, name, email } = await lockedPhoto(tx, photoId);
    if (photo.status === 'rejected') throw conflict('This photo is already rejected');
    const [updated] = await tx.db
      .update(contractorPhotos)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        reviewedAt: tx.clock.now(),
        reviewedBy: admin.adminUserId,
        updatedAt: tx.clock.now(),
      })
      .where(eq(contractorPhotos.id, photoId))
      .returning();
    const { siteUrl } = await contractorSite(tx, photo.contractorId);
    await queueEmail(tx, {
      kind: 'photo-decision',
      to: email,
      regionId: regionOfDecision(scope),
      subject: `Your ${photo.kind === 'logo' ? 'logo' : 'project photo'} was not approved`,
      text: [
        `Hello ${name},`,
        '',
        `Your ${photoName(photo)} was not approved${photo.status === 'approved' ? ' and no longer shows on your listing' : ''}.`,
        '',
        `Reason: ${reason}`,
        '',
        `You can delete it and upload another in your contractor portal: ${siteUrl}/contractor?section=photos`,
      ].join('\n'),
    });
    return {
      ...ownPhotoOf(updated!, (await variantsOf(tx, [photoId])).get(photoId) ?? []),
      contractorId: photo.contractorId,
      contractorName: name,
    };
  });
}
