import { and, asc, eq } from 'drizzle-orm';
import type { PhotoFormat, PublicPhotos } from '@shared/schemas/photos';
import type { DbCtx } from '../context';
import { contractorPhotos, contractorPhotoVariants } from '../db/schema';
import type { AdminScope } from '../domain/actors';
import { contractorInScope } from '../counties/admin-scope';
import { photoStoreOf } from '../photos/select-store';
import type { StoredFile } from '../photos/store';
import { imageOf, mediaTypeOf, variantsOf } from './photo-views';

/**
 * Serving photo files and the public's view of them (docs/decisions/0110-contractor-photos.md).
 * A file is public once an approved photo uses it; until then only its contractor and the
 * administrators of a county it serves may fetch it (the portal's and the review's previews).
 */

/** Who asks for a file: nobody known, the signed-in contractor, or an administrator with its scope. */
export type MediaViewer =
  { kind: 'anyone' } | { kind: 'contractor'; contractorId: number } | { kind: 'admin'; scope: AdminScope };

export interface MediaAnswer {
  file: StoredFile;
  /** Anyone may have it (cache it for good); otherwise it is the viewer's alone. */
  public: boolean;
}

/** The file named /media/<hash>.<format>, or null when there is none this viewer may see. */
export async function mediaFile(
  ctx: DbCtx,
  hash: string,
  format: PhotoFormat,
  viewer: MediaViewer,
): Promise<MediaAnswer | null> {
  const uses = await ctx.db
    .select({ contractorId: contractorPhotos.contractorId, status: contractorPhotos.status })
    .from(contractorPhotoVariants)
    .innerJoin(contractorPhotos, eq(contractorPhotos.id, contractorPhotoVariants.photoId))
    .where(and(eq(contractorPhotoVariants.hash, hash), eq(contractorPhotoVariants.format, format)));
  if (uses.length === 0) return null;
  const isPublic = uses.some((u) => u.status === 'approved');
  if (!isPublic && !(await mayPreview(ctx, viewer, uses))) return null;
  const file = await photoStoreOf(ctx).get(hash);
  if (!file || file.contentType !== mediaTypeOf[format]) return null;
  return { file, public: isPublic };
}

async function mayPreview(ctx: DbCtx, viewer: MediaViewer, uses: { contractorId: number }[]): Promise<boolean> {
  if (viewer.kind === 'contractor') return uses.some((u) => u.contractorId === viewer.contractorId);
  if (viewer.kind !== 'admin') return false;
  for (const { contractorId } of uses) {
    const where = contractorInScope(viewer.scope, contractorPhotos.contractorId);
    if (!where) return true;
    const [row] = await ctx.db
      .select({ id: contractorPhotos.id })
      .from(contractorPhotos)
      .where(and(eq(contractorPhotos.contractorId, contractorId), where))
      .limit(1);
    if (row) return true;
  }
  return false;
}

/** A contractor's approved logo and project photos, in gallery order, each ready for <picture> (srcset per format, width and height). */
export async function approvedPhotosOf(ctx: DbCtx, contractorId: number): Promise<PublicPhotos> {
  const rows = await ctx.db
    .select()
    .from(contractorPhotos)
    .where(and(eq(contractorPhotos.contractorId, contractorId), eq(contractorPhotos.status, 'approved')))
    .orderBy(asc(contractorPhotos.position), asc(contractorPhotos.id));
  const variants = await variantsOf(
    ctx,
    rows.map((r) => r.id),
  );
  const view = (r: (typeof rows)[number]) => ({
    id: r.id,
    caption: r.caption,
    ...imageOf(r, variants.get(r.id) ?? []),
  });
  const logo = rows.find((r) => r.kind === 'logo');
  return { logo: logo ? view(logo) : null, projects: rows.filter((r) => r.kind === 'project').map(view) };
}
