import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { adminUserRegions, adminUsers, contractorAccounts } from '../../server/db/schema';
import type { TestClient } from './http-client';
import type { TestApp } from './test-app';

/**
 * A client signed in as a fresh administrator, through the real login endpoint so the session
 * is the one a browser would hold. Each call makes its own admin, so tests do not share a login
 * throttle or a session.
 */
export async function adminClient(app: TestApp): Promise<TestClient> {
  return (await signedInAdmin(app, 'platform', [])).client;
}

/**
 * A client signed in as a fresh county administrator of these counties
 * (docs/decisions/0103-county-administrators.md), with its account's id.
 */
export async function countyAdminClient(
  app: TestApp,
  regionIds: number[],
): Promise<{ client: TestClient; adminUserId: number; username: string; password: string }> {
  return signedInAdmin(app, 'county', regionIds);
}

async function signedInAdmin(app: TestApp, role: 'platform' | 'county', regionIds: number[]) {
  const username = `admin-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  // A low cost keeps the suite fast; bcrypt reads the cost from the hash when comparing.
  const [row] = await app.ctx.db
    .insert(adminUsers)
    .values({ username, passwordHash: await bcrypt.hash(password, 4), role })
    .returning({ id: adminUsers.id });
  if (regionIds.length)
    await app.ctx.db.insert(adminUserRegions).values(regionIds.map((regionId) => ({ adminUserId: row!.id, regionId })));
  const client = app.client();
  const res = await client.post('/api/admin/login', { username, password });
  if (res.status !== 200 || !client.cookie) throw new Error(`Admin login failed: ${res.status} ${res.text}`);
  return { client, adminUserId: row!.id, username, password };
}

/**
 * A client signed in to the contractor portal as this approved, listed contractor (which must
 * not have an account yet), for checking that admin endpoints answer 403 to contractors.
 */
export async function contractorClient(app: TestApp, contractorId: number): Promise<TestClient> {
  const email = `portal-${randomBytes(4).toString('hex')}@example.com`;
  const password = randomBytes(12).toString('base64url');
  await app.ctx.db
    .insert(contractorAccounts)
    .values({ contractorId, email, passwordHash: await bcrypt.hash(password, 4) });
  const client = app.client();
  const res = await client.post('/api/contractor/login', { email, password });
  if (res.status !== 200 || !client.cookie) throw new Error(`Contractor login failed: ${res.status} ${res.text}`);
  return client;
}
