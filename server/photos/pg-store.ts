import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { photoBlobs } from '../db/schema';
import type { PhotoStore, StoredFile } from './store';

/**
 * The photo store in the photo_blobs table (a bytea per file), on both drivers. Given the caller's
 * executor, so files are written and deleted in the same transaction as the rows that use them: an
 * upload refused half way stores nothing.
 */
export class PgPhotoStore implements PhotoStore {
  constructor(private readonly db: Executor) {}

  async put(key: string, file: StoredFile): Promise<void> {
    await this.db
      .insert(photoBlobs)
      .values({ key, contentType: file.contentType, content: file.bytes, byteSize: file.bytes.length })
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
