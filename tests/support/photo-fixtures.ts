import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images made in the test by sharp itself (docs/decisions/0110-contractor-photos.md), and the bad
 * inputs an upload must refuse: nothing here is a file checked in.
 */

/** GPS coordinates of a house (Laporte), as a phone writes them into its photos. */
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '41/1 25/1 24/1',
  GPSLongitudeRef: 'W',
  GPSLongitude: '76/1 29/1 42/1',
};

/**
 * A landscape JPEG, red on the left and blue on the right, with EXIF GPS and orientation 6 (turn
 * 90 degrees clockwise to show): shown upright it is portrait, red on top.
 */
export async function phoneJpeg(width = 1600, height = 1200): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const blue = await sharp({
    create: { width: width - half, height, channels: 3, background: { r: 20, g: 40, b: 220 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 220, g: 30, b: 30 } } })
    .composite([{ input: blue, left: half, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' }, IFD3: GPS })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const plainPng = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();

/** Whether EXIF data holds a GPS directory (tag 0x8825, either byte order). */
export const hasGps = (exif: Buffer | undefined) =>
  Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))));

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An image bomb: a valid PNG header declaring 50,000 x 50,000 pixels, in well under 1 KB. */
export function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An executable renamed photo.jpg: ELF and Windows (MZ) headers. */
export const elfBinary = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(2000, 0x90)]);
export const windowsExe = () => Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(2000, 0x41)]);

/** A JPEG cut off after its first kilobyte: its header reads, its pixels do not. */
export const truncated = (jpeg: Buffer) => jpeg.subarray(0, 1024);

/** Over the 15 MB limit, starting like a JPEG. */
export const overLimit = (limit: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(limit + 1 - 4)]);
