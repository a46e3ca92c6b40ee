import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { photoBlobs } from '../db/schema';
import type { KeyedFile, PhotoStore, StoredFile } from './store';

/**
 * The photo store in the photo_blobs table (a bytea per file), on both drivers. Given the caller's
 * executor, so files are written and deleted in the same transaction as the rows that use them: an
 * upload refused half way stores nothing.
 */
export class PgPhotoStore implements PhotoStore {
  constructor(private readonly db: Executor) {}

  put(key: string, file: StoredFile): Promise<void> {
    return this.putMany([{ key, ...file }]);
  }

  async putMany(files: readonly KeyedFile[]): Promise<void> {
    // One row a key: a statement may not touch the same row twice, even to do nothing.
    const unique = [...new Map(files.map((f) => [f.key, f])).values()];
    if (!unique.length) return;
    await this.db
      .insert(photoBlobs)
      .values(
        unique.map((f) => ({ key: f.key, contentType: f.contentType, content: f.bytes, byteSize: f.bytes.length })),
      )
      .onConflictDoNothing({ target: photoBlobs.key });
  }

  async get(key: string): Promise<StoredFile | null> {
    const [row] = await this.db
      .select({ contentType: photoBlobs.contentType, bytes: photoBlobs.content })
      .from(photoBlobs)
      .where(eq(photoBlobs.key, key));
    return row ?? null;
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length) await this.db.delete(photoBlobs).where(inArray(photoBlobs.key, keys));
  }
}
