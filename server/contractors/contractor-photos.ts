import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  PROJECT_PHOTOS_MAX,
  type OwnPhoto,
  type OwnPhotoList,
  type PhotoKind,
  type PhotoUploadFields,
} from '@shared/schemas/photos';
import { inTransaction, type ServiceCtx } from '../context';
import { contractorPhotos, contractorPhotoVariants } from '../db/schema';
import { conflict, notFound } from '../domain/errors';
import { processPhoto } from '../photos/process';
import { photoStoreOf } from '../photos/select-store';
import { mediaTypeOf, ownPhotoOf, variantsOf } from './photo-views';
import { lockContractor } from './contractor-lock';

/**
 * A contractor's own photos (docs/decisions/0110-contractor-photos.md): one logo and at most 20
 * project photos, each pending until an administrator approves it. An upload is processed before
 * its transaction (the slow part holds no lock) and written in one: the row, its variants and the
 * files, so a refused or failed upload stores nothing.
 */

export const PHOTO_NOT_FOUND = 'Photo not found';
export const TOO_MANY_PHOTOS = `You already have ${PROJECT_PHOTOS_MAX} project photos (counting those waiting for review). Delete one to add another.`;

/** Deletes these photos' rows and then the files no photo uses any more. */
export async function deletePhotos(ctx: ServiceCtx, photoIds: number[]): Promise<void> {
  if (photoIds.length === 0) return;
  const gone = await ctx.db
    .delete(contractorPhotoVariants)
    .where(inArray(contractorPhotoVariants.photoId, photoIds))
    .returning({ hash: contractorPhotoVariants.hash });
  await ctx.db.delete(contractorPhotos).where(inArray(contractorPhotos.id, photoIds));
  const hashes = [...new Set(gone.map((g) => g.hash))];
  if (hashes.length === 0) return;
  // Identical files are stored once: one still used by another photo stays.
  const used = await ctx.db
    .selectDistinct({ hash: contractorPhotoVariants.hash })
    .from(contractorPhotoVariants)
    .where(inArray(contractorPhotoVariants.hash, hashes));
  const stillUsed = new Set(used.map((u) => u.hash));
  await photoStoreOf(ctx).delete(hashes.filter((h) => !stillUsed.has(h)));
}

/** A contractor's photos of one kind, in a where. */
export const photosOf = (contractorId: number, kind: PhotoKind) =>
  and(eq(contractorPhotos.contractorId, contractorId), eq(contractorPhotos.kind, kind));

/** Project photos counted against the limit: pending and approved (a rejected one waits only to be read and deleted). */
async function projectCount(ctx: ServiceCtx, contractorId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(contractorPhotos)
    .where(and(photosOf(contractorId, 'project'), ne(contractorPhotos.status, 'rejected')));
  return row?.n ?? 0;
}

export async function uploadPhoto(
  ctx: ServiceCtx,
  contractorId: number,
  bytes: Buffer,
  fields: PhotoUploadFields,
): Promise<OwnPhoto> {
  const processed = await processPhoto(bytes, fields.kind);
  return inTransaction(ctx, async (tx) => {
    // One upload of a contractor at a time: the count and the logo's replacement hold.
    if (!(await lockContractor(tx, contractorId))) throw notFound('Contractor not found');
    if (fields.kind === 'project' && (await projectCount(tx, contractorId)) >= PROJECT_PHOTOS_MAX)
      throw conflict(TOO_MANY_PHOTOS);
    if (fields.kind === 'logo') {
      // A new logo replaces one not yet public; an approved one stays until the new one is approved.
      const waiting = await tx.db
        .select({ id: contractorPhotos.id })
        .from(contractorPhotos)
        .where(and(photosOf(contractorId, 'logo'), ne(contractorPhotos.status, 'approved')));
      await deletePhotos(
        tx,
        waiting.map((w) => w.id),
      );
    }
    const [last] = await tx.db
      .select({ position: sql<number>`coalesce(max(${contractorPhotos.position}), 0)` })
      .from(contractorPhotos)
      .where(photosOf(contractorId, fields.kind));
    const now = tx.clock.now();
    const [photo] = await tx.db
      .insert(contractorPhotos)
      .values({
        contractorId,
        kind: fields.kind,
        caption: fields.caption,
        position: Number(last?.position ?? 0) + 1,
        width: processed.width,
        height: processed.height,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const variants = await tx.db
      .insert(contractorPhotoVariants)
      .values(
        processed.variants.map((v) => ({
          photoId: photo!.id,
          format: v.format,
          width: v.width,
          height: v.height,
          hash: v.hash,
          byteSize: v.bytes.length,
        })),
      )
      .returning();
    const store = photoStoreOf(tx);
    for (const v of processed.variants) await store.put(v.hash, { contentType: mediaTypeOf[v.format], bytes: v.bytes });
    return ownPhotoOf(photo!, variants);
  });
}

/** The contractor's photos, logo first, in gallery order, with each one's review status. */
export async function listOwnPhotos(ctx: ServiceCtx, contractorId: number): Promise<OwnPhotoList> {
  const rows = await ctx.db
    .select()
    .from(contractorPhotos)
    .where(eq(contractorPhotos.contractorId, contractorId))
    .orderBy(asc(contractorPhotos.kind), asc(contractorPhotos.position), asc(contractorPhotos.id));
  const variants = await variantsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    photos: rows.map((r) => ownPhotoOf(r, variants.get(r.id) ?? [])),
    projectCount: await projectCount(ctx, contractorId),
    projectMax: PROJECT_PHOTOS_MAX,
  };
}

async function ownPhoto(ctx: ServiceCtx, contractorId: number, photoId: number) {
  const [row] = await ctx.db
    .select()
    .from(contractorPhotos)
    .where(and(eq(contractorPhotos.id, photoId), eq(contractorPhotos.contractorId, contractorId)))
    .for('update');
  if (!row) throw notFound(PHOTO_NOT_FOUND);
  return row;
}

export async function deleteOwnPhoto(ctx: ServiceCtx, contractorId: number, photoId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await ownPhoto(tx, contractorId, photoId);
    await deletePhotos(tx, [photoId]);
  });
}

/** A new caption is reviewed like any text of the listing: the photo is pending again until approved. */
export async function updateCaption(
  ctx: ServiceCtx,
  contractorId: number,
  photoId: number,
  caption: string,
): Promise<OwnPhoto> {
  return inTransaction(ctx, async (tx) => {
    let row = await ownPhoto(tx, contractorId, photoId);
    if (row.caption !== caption) {
      const [updated] = await tx.db
        .update(contractorPhotos)
        .set({
          caption,
          status: 'pending',
          rejectionReason: null,
          reviewedAt: null,
          reviewedBy: null,
          updatedAt: tx.clock.now(),
        })
        .where(eq(contractorPhotos.id, photoId))
        .returning();
      row = updated!;
    }
    return ownPhotoOf(row, (await variantsOf(tx, [photoId])).get(photoId) ?? []);
  });
}
