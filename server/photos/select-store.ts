import type { DbCtx } from '../context';
import { PgPhotoStore } from './pg-store';
import type { PhotoStore } from './store';

/**
 * The photo store for this context (docs/decisions/0110-contractor-photos.md): PostgreSQL, inside
 * the caller's transaction when ctx.db is one. Another store (S3-compatible) would be chosen here
 * by a setting.
 */
export function photoStoreOf(ctx: DbCtx): PhotoStore {
  return new PgPhotoStore(ctx.db);
}
