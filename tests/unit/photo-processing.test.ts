import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '@shared/schemas/photos';
import { DomainError } from '../../server/domain/errors';
import {
  CORRUPT,
  NOT_AN_IMAGE,
  processPhoto,
  sniffPhoto,
  TOO_LARGE,
  TOO_MANY_PIXELS,
  widthsFor,
} from '../../server/photos/process';
import {
  elfBinary,
  hasGps,
  overLimit,
  phoneJpeg,
  plainPng,
  pngBomb,
  truncated,
  windowsExe,
} from '../support/photo-fixtures';

/** Uploaded photos are made safe to publish (docs/decisions/0110-contractor-photos.md). */

/** The ftyp box an iPhone's HEIC starts with (major brand, then the compatible ones), and zeros. */
const heicHeader = (major: string) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from(`ftyp${major}\0\0\0\0mif1heic`, 'latin1'),
    Buffer.alloc(100),
  ]);

async function refusal(bytes: Buffer): Promise<DomainError> {
  const err = await processPhoto(bytes, 'project').then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

// Encoding a phone photo's six variants (AVIF above all) takes seconds on a busy CI machine.
describe('processing an uploaded photo', { timeout: 30_000 }, () => {
  it('removes all metadata (GPS first), applies the orientation and records each size', async () => {
    const input = await phoneJpeg();
    const meta = await sharp(input).metadata();
    // The fixture really carries what must go.
    expect(meta.orientation).toBe(6);
    expect(hasGps(meta.exif)).toBe(true);

    const photo = await processPhoto(input, 'project');
    expect(photo.type).toBe('image/jpeg');
    // 1600 x 1200 turned upright is 1200 x 1600; the largest width made is 1280.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1200, height: 1600 });
    expect(photo.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([
      'webp 320x427',
      'avif 320x427',
      'webp 640x853',
      'avif 640x853',
      'webp 1200x1600',
      'avif 1200x1600',
    ]);
    for (const v of photo.variants) {
      const out = await sharp(v.bytes).metadata();
      expect(out.format).toBe(v.format === 'webp' ? 'webp' : 'heif');
      expect({ width: out.width, height: out.height }).toEqual({ width: v.width, height: v.height });
      expect(out.exif, v.format).toBeUndefined();
      expect(out.xmp).toBeUndefined();
      expect(out.iptc).toBeUndefined();
      expect(out.orientation ?? 1).toBe(1);
      expect(v.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
      // Upright: red was on the left, so it is on top now.
      const { data } = await sharp(v.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const px = (x: number, y: number) => [...data.subarray((y * v.width + x) * 3, (y * v.width + x) * 3 + 3)];
      const [topR, , topB] = px(Math.floor(v.width / 2), 2);
      const [botR, , botB] = px(Math.floor(v.width / 2), v.height - 3);
      expect(topR!).toBeGreaterThan(150);
      expect(topB!).toBeLessThan(100);
      expect(botB!).toBeGreaterThan(150);
      expect(botR!).toBeLessThan(100);
    }
    // Keys are the SHA-256 of each file: the same upload gives the same keys.
    expect((await processPhoto(input, 'project')).variants.map((v) => v.hash)).toEqual(
      photo.variants.map((v) => v.hash),
    );
  });

  it('never upscales, and a logo gets its own smaller widths', async () => {
    expect(widthsFor('project', 500)).toEqual([320, 500]);
    expect(widthsFor('project', 200)).toEqual([200]);
    expect(widthsFor('logo', 4000)).toEqual([128, 256, 512]);
    const logo = await processPhoto(await plainPng(300, 200), 'logo');
    expect(logo.type).toBe('image/png');
    expect(logo.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([
      'webp 128x85',
      'avif 128x85',
      'webp 256x171',
      'avif 256x171',
      'webp 300x200',
      'avif 300x200',
    ]);
  });

  it('reads the type from the bytes, never the name', async () => {
    expect(sniffPhoto(await plainPng())).toBe('image/png');
    expect(
      sniffPhoto(
        await sharp(await plainPng())
          .webp()
          .toBuffer(),
      ),
    ).toBe('image/webp');
    expect(sniffPhoto(heicHeader('heic'))).toBe('image/heic');
    expect(sniffPhoto(heicHeader('mif1'))).toBe('image/heic');
    // AVIF is a HEIF file too, but not one of the accepted uploads.
    expect(
      sniffPhoto(
        await sharp(await plainPng())
          .avif()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffPhoto(elfBinary())).toBeNull();
    expect(sniffPhoto(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  it.each([
    ['an ELF executable named photo.jpg', elfBinary, 'unsupported_type', NOT_AN_IMAGE],
    ['a Windows executable', windowsExe, 'unsupported_type', NOT_AN_IMAGE],
    ['HTML', () => Buffer.from('<html><script>alert(1)</script></html>'), 'unsupported_type', NOT_AN_IMAGE],
    ['a PNG declaring 50,000 x 50,000 pixels', pngBomb, 'unprocessable', TOO_MANY_PIXELS],
    ['a file over 15 MB', () => overLimit(PHOTO_MAX_BYTES), 'too_large', TOO_LARGE],
    ['a HEIC header with nothing after it', () => heicHeader('heic'), 'unprocessable', CORRUPT],
  ])('refuses %s', async (_label, make, kind, message) => {
    const err = await refusal(make());
    expect(err.kind).toBe(kind);
    expect(err.message).toBe(message);
  });

  it('refuses a damaged JPEG and an empty file', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024);
    const cut = await refusal(truncated(await phoneJpeg()));
    expect([cut.kind, cut.message]).toEqual(['unprocessable', CORRUPT]);
    expect((await refusal(Buffer.alloc(0))).kind).toBe('invalid');
  });
});
