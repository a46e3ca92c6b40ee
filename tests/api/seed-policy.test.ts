import { createHash, randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import {
  blogPosts,
  contractorPhotoVariants,
  contractors,
  leads,
  photoBlobs,
  pricingRules,
  reviews,
  services,
  towns,
} from '../../server/db/schema';
import { seedContractors } from '../../server/db/seed/data/contractors';
import { samplePhotoKey } from '../../server/db/seed/sample-photo-pack';
import { samplePhotoPlan } from '../../server/db/seed/sample-photos';
import type { ProcessedPhoto } from '../../server/photos/process';
import { seedDatabase } from '../../server/db/seed';
import { parseEnv, seedsSampleData } from '../../server/env';
import { adminQuery, testDatabaseUrl, withDatabase } from '../support/test-db';

/** An empty production database gets what the site needs to work, never the sample businesses (issue 13). */

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

/** A migrated, empty database on the driver this run tests. */
async function emptyDatabase(): Promise<Database> {
  const server = testDatabaseUrl();
  if (!server) {
    const database = await openDatabase({ dataDir: 'memory://' });
    cleanup = () => database.close();
    await database.migrate();
    return database;
  }
  const name = `seed_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: withDatabase(server, name) });
  cleanup = async () => {
    await database.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  await database.migrate();
  return database;
}

const counts = async (db: Database['db']) => ({
  towns: (await db.select({ n: count() }).from(towns))[0]!.n,
  services: (await db.select({ n: count() }).from(services))[0]!.n,
  rules: (await db.select({ n: count() }).from(pricingRules))[0]!.n,
  contractors: (await db.select({ n: count() }).from(contractors))[0]!.n,
  posts: (await db.select({ n: count() }).from(blogPosts))[0]!.n,
  leads: (await db.select({ n: count() }).from(leads))[0]!.n,
  reviews: (await db.select({ n: count() }).from(reviews))[0]!.n,
});

describe('seeding an empty database', () => {
  it('without sample data: towns, services and the default price, no contractors or posts', async () => {
    const { db } = await emptyDatabase();
    expect(await seedDatabase(db, { sampleData: false })).toEqual({ content: true });
    expect(await counts(db)).toEqual({
      towns: 9,
      services: 15,
      rules: 1,
      contractors: 0,
      posts: 0,
      leads: 0,
      reviews: 0,
    });
    // A later start with samples asked for does not add them to a database in use.
    expect(await seedDatabase(db, { sampleData: true })).toEqual({ content: false });
    expect((await counts(db)).contractors).toBe(0);
  });

  it('with sample data for a local run or a demo', async () => {
    const { db } = await emptyDatabase();
    await seedDatabase(db, { sampleData: true });
    const c = await counts(db);
    expect(c.contractors).toBeGreaterThan(10);
    expect(c.posts).toBeGreaterThan(0);
    // The sample ratings stand on sample reviews, each on a sample request (docs/decisions/0055-computed-rating.md).
    expect(c.reviews).toBeGreaterThan(0);
    expect(c.leads).toBe(c.reviews);
    // They read like many homeowners: no contractor's reviews repeat a comment, and most say something.
    const rows = await db.select({ contractorId: reviews.contractorId, comment: reviews.comment }).from(reviews);
    const said = rows.filter((r) => r.comment !== '');
    expect(said.length).toBeGreaterThan(rows.length * 0.75);
    expect(new Set(said.map((r) => `${r.contractorId} ${r.comment}`)).size).toBe(said.length);
  });

  it("takes the sample photos from the build's pack, drawing none of them (docs/decisions/0135-sample-photo-pack.md)", async () => {
    const { db } = await emptyDatabase();
    // A pack whose every photo is one recognisable file: a drawn photo would have other hashes.
    const bytes = Buffer.from('a packed sample photo');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const packed: ProcessedPhoto = {
      type: 'image/png',
      width: 640,
      height: 480,
      variants: [{ format: 'webp', width: 640, height: 480, bytes, hash }],
    };
    const planned = samplePhotoPlan(seedContractors.filter((c) => c.approvalStatus === 'approved')).flat();
    const samplePhotos = new Map(planned.map((p) => [samplePhotoKey(p.kind, p.svg), packed]));
    await seedDatabase(db, { sampleData: true, samplePhotos });
    const variants = await db.select({ hash: contractorPhotoVariants.hash }).from(contractorPhotoVariants);
    expect(variants).toHaveLength(planned.length);
    expect(new Set(variants.map((v) => v.hash))).toEqual(new Set([hash]));
    const blobs = await db.select({ key: photoBlobs.key, content: photoBlobs.content }).from(photoBlobs);
    expect(blobs.map((b) => [b.key, Buffer.from(b.content).toString()])).toEqual([[hash, bytes.toString()]]);
  });

  it('asks for sample data locally, never in production unless SEED_SAMPLE_DATA=true', () => {
    const base = { SESSION_SECRET: 's'.repeat(40), PAYMENTS: 'demo' };
    expect(seedsSampleData(parseEnv({ NODE_ENV: 'development' }))).toBe(true);
    expect(seedsSampleData(parseEnv({ NODE_ENV: 'production', ...base }))).toBe(false);
    expect(seedsSampleData(parseEnv({ NODE_ENV: 'production', SEED_SAMPLE_DATA: 'true', ...base }))).toBe(true);
    expect(seedsSampleData(parseEnv({ NODE_ENV: 'development', SEED_SAMPLE_DATA: 'false' }))).toBe(false);
  });
});
