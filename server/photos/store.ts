/**
 * Where rendered photo files live (docs/decisions/0110-contractor-photos.md): a key-value store of
 * immutable files named by the SHA-256 of their bytes. PostgreSQL is the one implementation, so
 * every app process sees the same files and backups hold them; an S3-compatible store would
 * implement these three methods and be chosen in select-store.ts (its writes would then not be part of the database transaction,
 * and a file no longer used would be deleted after the commit).
 */
export interface StoredFile {
  contentType: PhotoFileType;
  bytes: Buffer;
}

export type KeyedFile = StoredFile & { key: string };

export type PhotoFileType = 'image/webp' | 'image/avif';

export interface PhotoStore {
  /** Stores the file under its key; a key already stored is left as it is (same key, same bytes). */
  put(key: string, file: StoredFile): Promise<void>;
  /** Stores several files in one write, as put does each. */
  putMany(files: readonly KeyedFile[]): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Deletes these files; keys not stored are ignored. The caller has checked no photo uses them. */
  delete(keys: string[]): Promise<void>;
}
