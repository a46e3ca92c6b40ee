import { createHash } from 'node:crypto';
import type decodeHeicModule from 'heic-decode';
import type sharpModule from 'sharp';
import type { OutputInfo, Sharp } from 'sharp';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  type PhotoFormat,
  type PhotoKind,
  type PhotoUploadType,
} from '@shared/schemas/photos';
import { invalid, tooLarge, unprocessable, unsupportedType } from '../domain/errors';

/**
 * An uploaded photo made fit to publish (docs/decisions/0110-contractor-photos.md): its type read
 * from its bytes (the name and Content-Type are the sender's word), its pixel count checked from
 * its header before anything is decoded (a small file can declare 50,000 x 50,000), decoded once,
 * turned upright by its EXIF orientation, and written as WebP and AVIF at a few widths, never
 * wider than it is. Outputs carry no metadata at all: a phone photo's EXIF holds the GPS position
 * of the customer's house.
 */

export const NOT_AN_IMAGE = 'The photo must be a JPEG, PNG, WebP or HEIC image';
export const CORRUPT = 'The image could not be read: the file is damaged or not a complete image';
export const TOO_LARGE = `The photo must be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`;
export const TOO_MANY_PIXELS = `The image is too large: at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels`;

/** Widths made of each kind: a logo is shown small, a project photo up to a wide screen's column. */
export const VARIANT_WIDTHS: Record<PhotoKind, readonly number[]> = {
  logo: [128, 256, 512],
  project: [320, 640, 1280],
};

export interface ProcessedVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
  /** SHA-256 of the bytes, hex: the variant's storage key and the name in its URL. */
  hash: string;
}

export interface ProcessedPhoto {
  type: PhotoUploadType;
  /** The largest variant's size, upright. */
  width: number;
  height: number;
  variants: ProcessedVariant[];
}

/**
 * The image libraries are loaded at the first photo, not at start
 * (docs/decisions/0123-embedded-memory.md): sharp's libvips and libheif's WebAssembly hold some 40 MB
 * that a process answering visitors never needs. libvips' operation cache is off: every upload is a
 * new image, so it only kept memory.
 */
let sharpLoading: Promise<typeof sharpModule> | null = null;
let heicLoading: Promise<typeof decodeHeicModule> | null = null;
export const loadSharp = (): Promise<typeof sharpModule> =>
  (sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
const loadHeic = () => (heicLoading ??= import('heic-decode').then((m) => m.default));

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The ISO-BMFF brands of a file starting with an ftyp box (HEIC, AVIF, MP4...). */
function brandsOf(b: Buffer): string[] {
  if (b.length < 16 || b.subarray(4, 8).toString('latin1') !== 'ftyp') return [];
  const end = Math.min(b.readUInt32BE(0), b.length, 64);
  const brands = [b.subarray(8, 12).toString('latin1')];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(b.subarray(i, i + 4).toString('latin1'));
  return brands;
}

/** The upload's real type from its first bytes, or null for anything else (a renamed executable, a PDF, an AVIF...). */
export function sniffPhoto(b: Buffer): PhotoUploadType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  const brands = brandsOf(b);
  if (brands.some((x) => HEIC_BRANDS.has(x))) return 'image/heic';
  // A generic HEIF brand is HEIC unless the file says it is AVIF.
  if ((brands[0] === 'mif1' || brands[0] === 'msf1') && !brands.some((x) => AVIF_BRANDS.has(x))) return 'image/heic';
  return null;
}

/** Widths to make: the kind's, capped at the image's own (never upscaled), without repeats. */
export function widthsFor(kind: PhotoKind, width: number): number[] {
  return [...new Set(VARIANT_WIDTHS[kind].map((w) => Math.min(w, width)))];
}

const tooManyPixels = (width: number, height: number) => width * height > PHOTO_MAX_PIXELS;
/** sharp's own refusal, from the header, of more pixels than limitInputPixels. */
const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/**
 * HEIC through WebAssembly (sharp's libvips reads no HEVC): the image handles give the size
 * before any pixel is decoded. libheif applies the file's rotation and mirroring itself.
 */
async function heicInput(bytes: Buffer): Promise<Sharp> {
  const [decodeHeic, sharp] = await Promise.all([loadHeic(), loadSharp()]);
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: bytes });
  } catch {
    throw unprocessable(CORRUPT);
  }
  try {
    const first = images[0];
    if (!first) throw unprocessable(CORRUPT);
    if (tooManyPixels(first.width, first.height)) throw unprocessable(TOO_MANY_PIXELS);
    const { width, height, data } = await first.decode().catch(() => {
      throw unprocessable(CORRUPT);
    });
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } finally {
    images.dispose();
  }
}

/** JPEG, PNG and WebP: the header's size is checked first, and sharp refuses more pixels than that on its own too. */
async function sharpInput(bytes: Buffer): Promise<Sharp> {
  const sharp = await loadSharp();
  const image = sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning' });
  const meta = await image.metadata().catch((err: unknown) => {
    throw unprocessable(isPixelLimit(err) ? TOO_MANY_PIXELS : CORRUPT);
  });
  if (!meta.width || !meta.height) throw unprocessable(CORRUPT);
  if (tooManyPixels(meta.width, meta.height)) throw unprocessable(TOO_MANY_PIXELS);
  return image;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Checks, decodes and renders an upload; throws a domain error (413, 415, 422, 400) for anything unfit. */
export async function processPhoto(bytes: Buffer, kind: PhotoKind): Promise<ProcessedPhoto> {
  if (bytes.length === 0) throw invalid('The file is empty', { photo: 'The file is empty' });
  if (bytes.length > PHOTO_MAX_BYTES) throw tooLarge(TOO_LARGE);
  const type = sniffPhoto(bytes);
  if (!type) throw unsupportedType(NOT_AN_IMAGE);
  const input = type === 'image/heic' ? await heicInput(bytes) : await sharpInput(bytes);
  const sharp = await loadSharp();
  // Decoded once, upright, at the largest width wanted (JPEG shrinks while decoding), as 8-bit sRGB pixels.
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await input
      .rotate()
      .resize({ width: Math.max(...VARIANT_WIDTHS[kind]), withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (isPixelLimit(err)) throw unprocessable(TOO_MANY_PIXELS);
    throw unprocessable(CORRUPT);
  }
  const { width, height, channels } = upright.info;
  const raw = { width, height, channels };
  const variants: ProcessedVariant[] = [];
  for (const w of widthsFor(kind, width)) {
    const sized = sharp(upright.data, { raw }).resize({ width: w, withoutEnlargement: true });
    for (const format of ['webp', 'avif'] as const) {
      // From raw pixels: nothing of the upload's metadata can reach the output.
      const encoded =
        format === 'webp' ? sized.clone().webp({ quality: 80 }) : sized.clone().avif({ quality: 55, effort: 2 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      variants.push({ format, width: info.width, height: info.height, bytes: data, hash: sha256(data) });
    }
  }
  const largest = variants[variants.length - 1]!;
  return { type, width: largest.width, height: largest.height, variants };
}
