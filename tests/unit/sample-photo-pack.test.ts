import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedContractors } from '../../server/db/seed/data/contractors';
import { readSamplePhotoPack, samplePhotoKey } from '../../server/db/seed/sample-photo-pack';
import { samplePhotoPlan, writeSamplePhotoPack } from '../../server/db/seed/sample-photos';

// docs/decisions/0135-sample-photo-pack.md
describe("the build's pack of sample photos", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'photo-pack-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds every photo the seed draws, each variant whole', async () => {
    const file = path.join(dir, 'sample-photos.bin');
    await writeSamplePhotoPack(file);
    const pack = readSamplePhotoPack(file);
    const planned = samplePhotoPlan(seedContractors.filter((c) => c.approvalStatus === 'approved')).flat();
    expect(planned.filter((p) => p.kind === 'logo').length).toBeGreaterThan(5);
    expect(planned.filter((p) => p.kind === 'project').length).toBeGreaterThan(10);
    for (const p of planned) {
      const photo = pack.get(samplePhotoKey(p.kind, p.svg));
      expect(photo, `${p.kind} ${p.caption}`).toBeDefined();
      expect(photo!.variants.length).toBeGreaterThan(0);
      for (const v of photo!.variants) {
        expect(Buffer.isBuffer(v.bytes)).toBe(true);
        expect(createHash('sha256').update(v.bytes).digest('hex')).toBe(v.hash);
      }
    }
  }, 120_000);

  it('is keyed by what is drawn: another drawing or kind is not found', () => {
    expect(samplePhotoKey('logo', '<svg/>')).not.toBe(samplePhotoKey('project', '<svg/>'));
    expect(samplePhotoKey('logo', '<svg/>')).not.toBe(samplePhotoKey('logo', '<svg />'));
  });

  it('is empty when missing or damaged, so the seed draws the photos itself', () => {
    const damaged = path.join(dir, 'damaged.bin');
    writeFileSync(damaged, 'not a pack');
    expect(readSamplePhotoPack(damaged).size).toBe(0);
    expect(readSamplePhotoPack(null).size).toBe(0);
    expect(readSamplePhotoPack(path.join(dir, 'absent.bin')).size).toBe(0);
  });
});
