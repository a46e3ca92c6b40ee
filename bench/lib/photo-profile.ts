import sharp from 'sharp';
import { PALETTES, SCENES, type SceneKind } from '../../server/db/seed/sample-photo-scenes';

/**
 * A listed contractor with `count` approved project photos and a logo, made the way the site makes
 * one (docs/decisions/0112-photos-on-the-public-site.md): submitted, approved by the administrator,
 * its account set up from the welcome email's code, its photos uploaded through the portal's API as
 * 1600 x 1200 JPEGs (a phone photo's shape) and approved on the review's API. For bench:pages' profile
 * with 20 photos. The server must run with ADMIN_TWO_FACTOR=optional and TRUST_PROXY=true (its
 * production session cookie is Secure: the sign-ins claim to come through TLS).
 */

const TLS = { 'x-forwarded-proto': 'https' };

export async function signIn(url: string, path: string, body: object): Promise<string> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...TLS },
    body: JSON.stringify(body),
  });
  const cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  if (!res.ok || !cookie) throw new Error(`sign-in at ${path} failed (${res.status}): ${await res.text()}`);
  return cookie;
}

export async function call<T>(url: string, cookie: string, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, ...TLS, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/**
 * A new listed contractor with a portal account, made the way the site makes one: submitted,
 * approved by the administrator (`adminCookie`), its account set up from the welcome email's code
 * and signed in. Answers its id and the portal session's cookie.
 */
export async function newContractorAccount(
  url: string,
  adminCookie: string,
  label = 'Twenty Photos Builders',
): Promise<{ id: number; cookie: string }> {
  const stamp = Date.now().toString(36);
  const name = `${label} ${stamp}`;
  const email = `photos-${stamp}@builders.example`;
  const submitted = await fetch(`${url}/api/contractors/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      yearsInBusiness: '12',
      description: 'New homes, additions, decks and roofs around the county, with photos of each job.',
      email,
      phone: '(570) 555-0177',
      website: '',
      address: '4 Water Street',
      city: 'Laporte',
      zip: '18626',
      licenseNumber: `PA${String(900000 + (Date.now() % 99999)).padStart(6, '0')}`,
      insuranceInfo: 'General liability $1,000,000',
      projectGalleryUrl: '',
      services: ['General Contracting', 'Roofing'],
    }),
  });
  if (!submitted.ok) throw new Error(`submission failed: ${submitted.status} ${await submitted.text()}`);
  const list = await call<{ contractors: { id: number; name: string }[] }>(
    url,
    adminCookie,
    'GET',
    `/api/admin/contractors?search=${encodeURIComponent(name)}`,
  );
  const id = list.contractors.find((c) => c.name === name)!.id;
  await call(url, adminCookie, 'PATCH', `/api/admin/contractors/${id}/approval`, { status: 'approved' });
  const outbox = await call<{ items: { kind: string; to: string; text: string }[] }>(
    url,
    adminCookie,
    'GET',
    '/api/admin/outbox?pageSize=100',
  );
  const code = outbox.items
    .find((m) => m.kind === 'welcome' && m.to === email)
    ?.text.match(/Your setup code: ([A-Z2-9]{12})\b/)?.[1];
  if (!code) throw new Error('no welcome email with a setup code');
  const password = `bench-photos-${stamp}`;
  await call(url, '', 'POST', '/api/contractor/setup', { email, token: code, password });
  return { id, cookie: await signIn(url, '/api/contractor/login', { email, password }) };
}

/** Uploads a photo through the portal's API as the contractor signed in with `cookie`; answers its id. */
export async function uploadPhoto(
  url: string,
  cookie: string,
  bytes: Buffer,
  kind: 'logo' | 'project',
  caption: string,
): Promise<number> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('caption', caption);
  form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${caption || 'logo'}.jpg`);
  const res = await fetch(`${url}/api/contractor/photos`, { method: 'POST', headers: { cookie, ...TLS }, body: form });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export async function profileWithPhotos(
  url: string,
  admin: { username: string; password: string },
  count = 20,
): Promise<number> {
  const adminCookie = await signIn(url, '/api/admin/login', admin);
  const { id, cookie: contractorCookie } = await newContractorAccount(url, adminCookie);

  const kinds = Object.keys(SCENES) as SceneKind[];
  const upload = (bytes: Buffer, kind: 'logo' | 'project', caption: string) =>
    uploadPhoto(url, contractorCookie, bytes, kind, caption);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length]!;
    const jpeg = await sharp(Buffer.from(SCENES[kind](PALETTES[i % PALETTES.length]!)))
      .resize(1600, 1200)
      .jpeg({ quality: 85 })
      .toBuffer();
    ids.push(await upload(jpeg, 'project', `Project ${i + 1}: ${kind}`));
  }
  const logo = await sharp(Buffer.from(SCENES.house(PALETTES[0]!)))
    .resize(512, 512, { fit: 'cover' })
    .jpeg()
    .toBuffer();
  ids.push(await upload(logo, 'logo', ''));
  for (const photoId of ids) await call(url, adminCookie, 'POST', `/api/admin/photos/${photoId}/approve`);
  return id;
}
