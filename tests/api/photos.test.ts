import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, type OwnPhoto } from '@shared/schemas/photos';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import {
  contractorAccounts,
  contractorPhotos,
  contractorPhotoVariants,
  outboxEmails,
  photoBlobs,
} from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { buildContext } from '../../server/main';
import { approvedPhotosOf } from '../../server/contractors/media';
import { adminClient } from '../support/admin-session';
import { contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { elfBinary, hasGps, overLimit, phoneJpeg, plainPng, pngBomb, truncated } from '../support/photo-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Contractor photos end to end (issue 24, docs/decisions/0110-contractor-photos.md): uploaded to
 * the portal, refused with a clear 4xx and nothing stored when unfit, reviewed by an administrator
 * with the contractor emailed, served by content hash with no metadata left, public only once
 * approved, and the same from every app process on one database. Runs on both databases.
 */

let app: TestApp;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
}, 120_000);
afterAll(() => app?.close());

/** A contractor signed in to its portal; `email` is its account's address, where its mail goes, `listingEmail` the listing's. */
async function newContractor(): Promise<{ id: number; email: string; listingEmail: string; portal: TestClient }> {
  const row = await createContractor(app.ctx.db);
  const portal = await contractorClient(app, row.id);
  const [account] = await app.ctx.db
    .select({ email: contractorAccounts.email })
    .from(contractorAccounts)
    .where(eq(contractorAccounts.contractorId, row.id));
  return { id: row.id, email: account!.email, listingEmail: row.email, portal };
}

interface UploadOptions {
  name?: string;
  type?: string;
  kind?: string;
  caption?: string;
  field?: string;
}

/** A multipart upload as a browser's form sends it. */
async function upload(
  client: TestClient,
  bytes: Buffer,
  { name = 'IMG_0042.jpg', type = 'image/jpeg', kind, caption, field = 'photo' }: UploadOptions = {},
) {
  const form = new FormData();
  if (kind !== undefined) form.set('kind', kind);
  if (caption !== undefined) form.set('caption', caption);
  form.set(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${app.url}/api/contractor/photos`, {
    method: 'POST',
    headers: { Cookie: client.cookie!, Accept: 'application/json' },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

async function fetchMedia(url: string, client?: TestClient, base = app.url) {
  const res = await fetch(`${base}${url}`, { headers: client?.cookie ? { Cookie: client.cookie } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function stored() {
  const n = async (table: typeof contractorPhotos | typeof contractorPhotoVariants | typeof photoBlobs) =>
    (await app.ctx.db.select({ n: count() }).from(table))[0]!.n;
  return { photos: await n(contractorPhotos), variants: await n(contractorPhotoVariants), blobs: await n(photoBlobs) };
}

const mailsTo = (to: string) => app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));

describe('a phone photo, uploaded and approved', () => {
  it('is served upright, without GPS or any EXIF, at the recorded sizes, public only once approved', async () => {
    const { email, listingEmail, portal } = await newContractor();
    const input = await phoneJpeg();
    expect(hasGps((await sharp(input).metadata()).exif)).toBe(true);

    const res = await upload(portal, input, { caption: 'New porch on Main Street' });
    expect(res.status, res.text).toBe(201);
    const photo = res.body as OwnPhoto;
    expect(photo).toMatchObject({
      kind: 'project',
      caption: 'New porch on Main Street',
      status: 'pending',
      width: 1200,
      height: 1600,
    });
    expect(photo.variants).toHaveLength(6);
    expect(photo.srcset.webp).toMatch(
      /^\/media\/[0-9a-f]{64}\.webp 320w, \/media\/[0-9a-f]{64}\.webp 640w, \/media\/[0-9a-f]{64}\.webp 1200w$/,
    );

    // Pending: not public, but its contractor and the administrators see it, never cached.
    const first = photo.variants[0]!.url;
    expect((await fetchMedia(first)).status).toBe(404);
    const own = await fetchMedia(first, portal);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetchMedia(first, admin)).status).toBe(200);
    expect((await fetchMedia(first, (await newContractor()).portal)).status).toBe(404);

    const approved = await admin.post(`/api/admin/photos/${photo.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.status).toBe('approved');
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: 'photo-decision', subject: 'Your project photo is now on your listing' });
    // To the address the contractor signs in with, as every other message to it.
    expect(await mailsTo(listingEmail)).toEqual([]);

    for (const v of photo.variants) {
      const served = await fetchMedia(v.url);
      expect(served.status, v.url).toBe(200);
      expect(served.headers.get('content-type')).toBe(`image/${v.format}`);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.bytes).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: v.width, height: v.height });
      expect(meta.height).toBeGreaterThan(meta.width);
      expect(meta.exif, v.url).toBeUndefined();
      expect(hasGps(meta.exif)).toBe(false);
      expect(meta.xmp).toBeUndefined();
      expect(served.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    // A name that is not a stored file, or the right hash with the wrong format: 404.
    expect((await fetchMedia(`/media/${'0'.repeat(64)}.webp`)).status).toBe(404);
    expect((await fetchMedia(first.replace('.webp', '.avif'))).status).toBe(404);
    expect((await fetchMedia('/media/../../etc/passwd')).status).toBe(404);
  });
});

describe('bad input', () => {
  it('gets a clear 4xx and stores nothing', async () => {
    const { portal } = await newContractor();
    const before = await stored();
    const jpeg = await phoneJpeg(400, 300);
    const cases: [string, Promise<{ status: number; body: { message: string } | null }>, number, RegExp][] = [
      [
        'an executable named photo.jpg',
        upload(portal, elfBinary(), { name: 'photo.jpg' }),
        415,
        /must be a JPEG, PNG, WebP or HEIC image/,
      ],
      ['a file over 15 MB', upload(portal, overLimit(PHOTO_MAX_BYTES)), 413, /at most 15 MB/],
      ['a damaged JPEG', upload(portal, truncated(jpeg)), 422, /could not be read/],
      [
        'an image bomb',
        upload(portal, pngBomb(), { name: 'bomb.png', type: 'image/png' }),
        422,
        /at most 50 megapixels/,
      ],
      ['an empty file', upload(portal, Buffer.alloc(0)), 400, /empty/],
      ['a caption too long', upload(portal, jpeg, { caption: 'x'.repeat(201) }), 400, /check the photo details/],
      ['an unknown kind', upload(portal, jpeg, { kind: 'banner' }), 400, /check the photo details/],
      ['the file in another field', upload(portal, jpeg, { field: 'file' }), 400, /field 'photo'/],
      ['JSON instead of a form', portal.post('/api/contractor/photos', { photo: 'x' }), 415, /multipart\/form-data/],
    ];
    for (const [label, pending, status, message] of cases) {
      const res = await pending;
      expect(res.status, label).toBe(status);
      expect(res.body?.message, label).toMatch(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses uploads from anyone but a signed-in contractor', async () => {
    const form = new FormData();
    form.set('photo', new Blob([new Uint8Array(await plainPng())], { type: 'image/png' }), 'a.png');
    expect((await fetch(`${app.url}/api/contractor/photos`, { method: 'POST', body: form })).status).toBe(401);
    expect((await upload(admin, await plainPng())).status).toBe(403);
  });
});

describe('the limits', () => {
  it('allows 20 project photos, counting pending ones, plus a logo; identical files are stored once', async () => {
    const { id, portal } = await newContractor();
    const png = await plainPng(200, 150);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await upload(portal, png, { name: 'p.png', type: 'image/png', caption: `Photo ${i + 1}` });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
    const blobsAfter20 = (await stored()).blobs;
    const refused = await upload(portal, png, { name: 'p.png', type: 'image/png' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already have 20 project photos/);
    expect((await upload(portal, png, { kind: 'logo', name: 'logo.png', type: 'image/png' })).status).toBe(201);
    const list = await portal.get('/api/contractor/photos');
    expect(list.body).toMatchObject({ projectCount: 20, projectMax: 20 });
    expect(list.body.photos.map((p: OwnPhoto) => p.kind)).toEqual(['logo', ...Array(20).fill('project')]);

    // A deleted photo frees a place; files another photo uses stay.
    const deleted = await portal.request('DELETE', `/api/contractor/photos/${ids[0]}`);
    expect(deleted.status).toBe(204);
    expect((await stored()).blobs).toBeGreaterThanOrEqual(blobsAfter20);
    expect((await upload(portal, png, { name: 'p.png', type: 'image/png' })).status).toBe(201);
    // Another contractor's photo is not found to this one.
    const other = await newContractor();
    expect((await other.portal.request('DELETE', `/api/contractor/photos/${ids[1]}`)).status).toBe(404);
    expect((await other.portal.patch(`/api/contractor/photos/${ids[1]}`, { caption: 'Mine now' })).status).toBe(404);

    // Deleting every photo of these files deletes the files.
    const all = await app.ctx.db
      .select({ id: contractorPhotos.id })
      .from(contractorPhotos)
      .where(eq(contractorPhotos.contractorId, id));
    for (const p of all) expect((await portal.request('DELETE', `/api/contractor/photos/${p.id}`)).status).toBe(204);
    const hashes = new Set(
      (await app.ctx.db.select({ hash: contractorPhotoVariants.hash }).from(contractorPhotoVariants)).map(
        (r) => r.hash,
      ),
    );
    const blobs = await app.ctx.db.select({ key: photoBlobs.key }).from(photoBlobs);
    expect(blobs.every((b) => hashes.has(b.key))).toBe(true);
  });

  it('keeps one logo: a new one replaces the one waiting, and replaces the shown one once approved', async () => {
    const { id, portal } = await newContractor();
    const logo = async (color: number) => {
      const bytes = await sharp({
        create: { width: 600, height: 200, channels: 3, background: { r: color, g: 10, b: 10 } },
      })
        .png()
        .toBuffer();
      const res = await upload(portal, bytes, { kind: 'logo', name: 'logo.png', type: 'image/png' });
      expect(res.status, res.text).toBe(201);
      expect(res.body.variants.map((v: { width: number }) => v.width)).toEqual([128, 128, 256, 256, 512, 512]);
      return res.body.id as number;
    };
    const logos = async () =>
      (await app.ctx.db.select().from(contractorPhotos).where(eq(contractorPhotos.contractorId, id)))
        .map((p) => `${p.id} ${p.status}`)
        .sort();
    const a = await logo(50);
    const b = await logo(100);
    expect(await logos()).toEqual([`${b} pending`]);
    expect((await admin.post(`/api/admin/photos/${b}/approve`)).status).toBe(200);
    const c = await logo(150);
    expect(await logos()).toEqual([`${b} approved`, `${c} pending`].sort());
    expect((await approvedPhotosOf(app.ctx, id)).logo?.id).toBe(b);
    expect((await admin.post(`/api/admin/photos/${c}/approve`)).status).toBe(200);
    expect(await logos()).toEqual([`${c} approved`]);
    expect(a).not.toBe(c);
  });
});

describe('the review', () => {
  it('rejects with a reason sent to the contractor; a new caption is reviewed again', async () => {
    const { id, email, portal } = await newContractor();
    const photo = (await upload(portal, await plainPng(), { name: 'deck.png', type: 'image/png', caption: 'Deck' }))
      .body as OwnPhoto;

    const queue = await admin.get('/api/admin/photos');
    expect(queue.status).toBe(200);
    expect(queue.body.find((p: { id: number }) => p.id === photo.id)).toMatchObject({
      contractorId: id,
      status: 'pending',
      caption: 'Deck',
    });
    expect((await admin.post(`/api/admin/photos/${photo.id}/reject`, {})).status).toBe(400);
    const rejected = await admin.post(`/api/admin/photos/${photo.id}/reject`, {
      reason: 'The photo shows a house number.',
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(
      (await mailsTo(email)).map((m) => [m.subject, m.textBody.includes('Reason: The photo shows a house number.')]),
    ).toEqual([['Your project photo was not approved', true]]);
    expect((await admin.post(`/api/admin/photos/${photo.id}/approve`)).status).toBe(409);
    expect((await portal.get('/api/contractor/photos')).body.photos[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The photo shows a house number.',
    });
    expect((await fetchMedia(photo.src)).status).toBe(404);

    // Edited caption: pending again, so it can be approved; once approved it is public.
    const edited = await portal.patch(`/api/contractor/photos/${photo.id}`, { caption: 'Cedar deck' });
    expect(edited.body).toMatchObject({ status: 'pending', caption: 'Cedar deck', rejectionReason: null });
    expect((await admin.post(`/api/admin/photos/${photo.id}/approve`)).status).toBe(200);
    expect((await fetchMedia(photo.src)).status).toBe(200);
    const pub = await approvedPhotosOf(app.ctx, id);
    expect(pub.projects).toEqual([
      { id: photo.id, caption: 'Cedar deck', width: 300, height: 200, src: photo.src, srcset: photo.srcset },
    ]);
    // A later caption change takes the photo off the public site until it is approved again.
    expect((await portal.patch(`/api/contractor/photos/${photo.id}`, { caption: 'x'.repeat(201) })).status).toBe(400);
    expect(
      (await portal.patch(`/api/contractor/photos/${photo.id}`, { caption: 'Cedar deck, 2026' })).body.status,
    ).toBe('pending');
    expect((await fetchMedia(photo.src)).status).toBe(404);
    expect((await approvedPhotosOf(app.ctx, id)).projects).toEqual([]);
  });
});

describe('two app instances on one database', () => {
  it('serve the same photo files', async () => {
    const { portal } = await newContractor();
    const photo = (await upload(portal, await phoneJpeg(800, 600))).body as OwnPhoto;
    expect((await admin.post(`/api/admin/photos/${photo.id}/approve`)).status).toBe(200);
    // On a PostgreSQL server the second instance has its own connections, as another process would.
    const database = app.testDb.url ? await openDatabase({ url: app.testDb.url, poolSize: 2 }) : app.testDb.database;
    const ctx = app.testDb.url ? buildContext(app.ctx.env, database, createLogger({ silent: true })) : app.ctx;
    const server = http.createServer(createApp({ ctx, sessionSecret: app.ctx.env.SESSION_SECRET! }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const other = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const v of photo.variants) {
        const here = await fetchMedia(v.url);
        const there = await fetchMedia(v.url, undefined, other);
        expect(there.status).toBe(200);
        expect(there.bytes.equals(here.bytes)).toBe(true);
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (app.testDb.url) await database.close();
    }
  });
});
