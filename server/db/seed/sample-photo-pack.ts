import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import type { ProcessedPhoto } from '../../photos/process';
import { builtArtifact } from '../data-image';

/**
 * The sample photos rendered ahead by the build (docs/decisions/0135-sample-photo-pack.md): drawing
 * and encoding them took most of a first start with sample data. The pack is keyed by what is
 * drawn, so a seed whose drawings changed since the build renders the missing ones itself, and a
 * development tree (no build) renders them all, as before.
 */
export const SAMPLE_PHOTO_PACK_FILE = 'sample-photos.bin';

export type SamplePhotoPack = ReadonlyMap<string, ProcessedPhoto>;

export const samplePhotoKey = (kind: string, svg: string): string =>
  createHash('sha256').update(kind).update('\0').update(svg).digest('hex');

/** The build's pack, or an empty one where there is none or it cannot be read (a build by another Node.js). */
export function readSamplePhotoPack(file = builtArtifact(SAMPLE_PHOTO_PACK_FILE)): SamplePhotoPack {
  if (!file) return new Map();
  try {
    const pack: unknown = deserialize(readFileSync(file));
    return pack instanceof Map ? (pack as SamplePhotoPack) : new Map();
  } catch {
    return new Map();
  }
}
