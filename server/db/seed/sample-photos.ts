import { mediaTypeOf } from '../../photos/image-of';
import { PgPhotoStore } from '../../photos/pg-store';
import { loadSharp, processPhoto, type ProcessedPhoto } from '../../photos/process';
import type { Tx } from '../client';
import { contractorPhotos, contractorPhotoVariants } from '../schema';
import type { SeedContractor } from './data/contractors';
import { LOGO_COLOURS, logoSvg, PALETTES, SCENE_CAPTIONS, SCENES, type SceneKind } from './sample-photo-scenes';

/**
 * Sample photos (docs/decisions/0112-photos-on-the-public-site.md): most approved sample
 * contractors get a logo and two to four approved project photos, so a newcomer sees photos on the
 * profiles, the cards and /gallery on the first start. The scenes are drawn in SVG
 * (sample-photo-scenes.ts), rendered by sharp and processed as an upload is, with a handful of
 * images shared across contractors: identical files are stored once by hash, and each image is
 * processed once per seed, which keeps the seed (and the embedded database image's build) fast.
 */

/** Every fifth sample contractor keeps no photos: a listing without them is shown too. */
const WITHOUT_PHOTOS = 5;

/** The scenes that fit a contractor's services, best first. */
function scenesFor(c: SeedContractor): SceneKind[] {
  const out: SceneKind[] = [];
  const has = (...slugs: string[]) => slugs.some((s) => c.services.includes(s));
  if (has('roofing', 'siding')) out.push('roof');
  if (has('kitchen-bath', 'flooring', 'basement')) out.push('kitchen');
  if (has('landscaping', 'concrete-masonry')) out.push('deck');
  if (has('home-building', 'general-contracting', 'additions', 'windows-doors', 'painting')) out.push('house');
  for (const k of ['house', 'deck', 'kitchen', 'roof'] as const) if (!out.includes(k)) out.push(k);
  return out;
}

const rendered = new Map<string, Promise<ProcessedPhoto>>();

/** An SVG drawn by sharp as a PNG, then through the upload's processing; once per distinct image and process. */
function renderOnce(key: string, svg: () => string, kind: 'logo' | 'project'): Promise<ProcessedPhoto> {
  let p = rendered.get(key);
  if (!p) {
    p = loadSharp()
      .then((sharp) => sharp(Buffer.from(svg())).png().toBuffer())
      .then((png) => processPhoto(png, kind));
    rendered.set(key, p);
  }
  return p;
}

async function insertApproved(
  tx: Tx,
  contractorId: number,
  kind: 'logo' | 'project',
  caption: string,
  position: number,
  photo: ProcessedPhoto,
  at: Date,
): Promise<void> {
  const [row] = await tx
    .insert(contractorPhotos)
    .values({
      contractorId,
      kind,
      caption,
      status: 'approved',
      position,
      width: photo.width,
      height: photo.height,
      reviewedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: contractorPhotos.id });
  await tx.insert(contractorPhotoVariants).values(
    photo.variants.map((v) => ({
      photoId: row!.id,
      format: v.format,
      width: v.width,
      height: v.height,
      hash: v.hash,
      byteSize: v.bytes.length,
    })),
  );
  const store = new PgPhotoStore(tx);
  for (const v of photo.variants) await store.put(v.hash, { contentType: mediaTypeOf[v.format], bytes: v.bytes });
}

export async function seedSamplePhotos(
  tx: Tx,
  contractors: readonly { id: number; data: SeedContractor }[],
  now: Date,
): Promise<void> {
  const listed = contractors.filter((c) => c.data.approvalStatus === 'approved');
  for (const [i, { id, data }] of listed.entries()) {
    if (i % WITHOUT_PHOTOS === WITHOUT_PHOTOS - 1) continue;
    const logo = await renderOnce(
      `logo-${data.name}`,
      () => logoSvg(data.name, LOGO_COLOURS[i % LOGO_COLOURS.length]!),
      'logo',
    );
    // Approved over the last weeks, so the gallery's "newest first" mixes contractors.
    const day = (n: number) => new Date(now.getTime() - (i * 3 + n) * 86_400_000);
    await insertApproved(tx, id, 'logo', '', 1, logo, day(0));
    const scenes = scenesFor(data).slice(0, 2 + (i % 3));
    for (const [n, scene] of scenes.entries()) {
      // Two palettes per scene: eight images in all, shared across contractors.
      const palette = (i + n) % 2;
      const photo = await renderOnce(
        `${scene}-${palette}`,
        () => SCENES[scene](PALETTES[(palette * 2 + scene.length) % PALETTES.length]!),
        'project',
      );
      const captions = SCENE_CAPTIONS[scene];
      await insertApproved(tx, id, 'project', captions[(i + n) % captions.length]!, n + 1, photo, day(n + 1));
    }
  }
}
