import { writeFileSync } from 'node:fs';
import { serialize } from 'node:v8';
import { mediaTypeOf } from '../../photos/image-of';
import { PgPhotoStore } from '../../photos/pg-store';
import { loadSharp, processPhoto, type ProcessedPhoto } from '../../photos/process';
import type { Tx } from '../client';
import { contractorPhotos, contractorPhotoVariants } from '../schema';
import { seedContractors, type SeedContractor } from './data/contractors';
import { LOGO_COLOURS, logoSvg, PALETTES, SCENE_CAPTIONS, SCENES, type SceneKind } from './sample-photo-scenes';
import { readSamplePhotoPack, samplePhotoKey, type SamplePhotoPack } from './sample-photo-pack';

/**
 * Sample photos (docs/decisions/0112-photos-on-the-public-site.md): most approved sample
 * contractors get a logo and two to four approved project photos, so a newcomer sees photos on the
 * profiles, the cards and /gallery on the first start. The scenes are drawn in SVG
 * (sample-photo-scenes.ts), rendered by sharp and processed as an upload is, with a handful of
 * images shared across contractors: identical files are stored once by hash, and each image is
 * processed once per process. The build renders them ahead into a pack (sample-photo-pack.ts), so
 * the built app's first start with sample data draws nothing.
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

export interface PlannedPhoto {
  kind: 'logo' | 'project';
  caption: string;
  position: number;
  /** Approved this many days before the seed, so the gallery's "newest first" mixes contractors. */
  daysAgo: number;
  svg: string;
}

/**
 * The photos of each listed (approved) sample contractor, in the seed's order: what the seed
 * inserts and what the build renders ahead into its pack (sample-photo-pack.ts).
 */
export function samplePhotoPlan(listed: readonly SeedContractor[]): PlannedPhoto[][] {
  return listed.map((data, i) => {
    if (i % WITHOUT_PHOTOS === WITHOUT_PHOTOS - 1) return [];
    const logoColour = LOGO_COLOURS[i % LOGO_COLOURS.length]!;
    const logo: PlannedPhoto = {
      kind: 'logo',
      caption: '',
      position: 1,
      daysAgo: i * 3,
      svg: logoSvg(data.name, logoColour),
    };
    const scenes = scenesFor(data)
      .slice(0, 2 + (i % 3))
      .map((scene, n): PlannedPhoto => {
        // Two palettes per scene: eight images in all, shared across contractors.
        const palette = (i + n) % 2;
        const captions = SCENE_CAPTIONS[scene];
        return {
          kind: 'project',
          caption: captions[(i + n) % captions.length]!,
          position: n + 1,
          daysAgo: i * 3 + n + 1,
          svg: SCENES[scene](PALETTES[(palette * 2 + scene.length) % PALETTES.length]!),
        };
      });
    return [logo, ...scenes];
  });
}

const rendered = new Map<string, Promise<ProcessedPhoto>>();

/** An SVG drawn by sharp as a PNG, then through the upload's processing; once per distinct image and process. */
export function renderSamplePhoto({ kind, svg }: Pick<PlannedPhoto, 'kind' | 'svg'>): Promise<ProcessedPhoto> {
  const key = samplePhotoKey(kind, svg);
  let p = rendered.get(key);
  if (!p) {
    p = loadSharp()
      .then((sharp) => sharp(Buffer.from(svg)).png().toBuffer())
      .then((png) => processPhoto(png, kind));
    rendered.set(key, p);
  }
  return p;
}

export async function seedSamplePhotos(
  tx: Tx,
  contractors: readonly { id: number; data: SeedContractor }[],
  now: Date,
  pack: SamplePhotoPack = readSamplePhotoPack(),
): Promise<void> {
  const listed = contractors.filter((c) => c.data.approvalStatus === 'approved');
  const plan = samplePhotoPlan(listed.map((c) => c.data));
  const approved: { contractorId: number; planned: PlannedPhoto; photo: ProcessedPhoto }[] = [];
  for (const [i, { id }] of listed.entries()) {
    for (const planned of plan[i]!) {
      const photo = pack.get(samplePhotoKey(planned.kind, planned.svg)) ?? (await renderSamplePhoto(planned));
      approved.push({ contractorId: id, planned, photo });
    }
  }
  if (!approved.length) return;
  // One statement a table: each statement costs the embedded database a few milliseconds at a first start.
  const rows = await tx
    .insert(contractorPhotos)
    .values(
      approved.map(({ contractorId, planned: { kind, caption, position, daysAgo }, photo }) => {
        const at = new Date(now.getTime() - daysAgo * 86_400_000);
        const { width, height } = photo;
        return {
          contractorId,
          kind,
          caption,
          status: 'approved' as const,
          position,
          width,
          height,
          reviewedAt: at,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: contractorPhotos.id });
  // PostgreSQL answers a multi-row INSERT's rows in the order of its values.
  await tx.insert(contractorPhotoVariants).values(
    approved.flatMap(({ photo }, i) =>
      photo.variants.map((v) => ({
        photoId: rows[i]!.id,
        format: v.format,
        width: v.width,
        height: v.height,
        hash: v.hash,
        byteSize: v.bytes.length,
      })),
    ),
  );
  await new PgPhotoStore(tx).putMany(
    approved.flatMap(({ photo }) =>
      photo.variants.map((v) => ({ key: v.hash, contentType: mediaTypeOf[v.format], bytes: v.bytes })),
    ),
  );
}

/** The build's pack of every sample photo the seed draws (run by scripts/build.mjs into dist/). */
export async function writeSamplePhotoPack(file: string): Promise<void> {
  const listed = seedContractors.filter((c) => c.approvalStatus === 'approved');
  const pack = new Map<string, ProcessedPhoto>();
  for (const p of samplePhotoPlan(listed).flat()) pack.set(samplePhotoKey(p.kind, p.svg), await renderSamplePhoto(p));
  writeFileSync(file, serialize(pack));
}
