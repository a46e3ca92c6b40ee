import { Router, type Response } from 'express';
import { idParamSchema } from '@shared/schemas/admin';
import { region } from '@shared/region';
import {
  credentialParamSchema,
  credentialsUpdateSchemaFor,
  unverifyCredentialSchema,
  verifyCredentialSchema,
} from '@shared/schemas/credentials';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { adminOf, adminScopeOf, contractorIdOf, requireContractor, requireAdmin } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { credentialAttention } from '../credential-jobs';
import { getCredentials, unverifyCredential, updateCredentials, verifyCredential } from '../credentials';
import { readCertificate } from '../insurance-certificates';

/** The default county's registration rules, as before; the browser checks with the page's county's (docs/decisions/0102-region-in-boot-data.md). */
const credentialsUpdateSchema = credentialsUpdateSchemaFor(region.credentials.registration);

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The certificate's bytes, shown in the browser, never cached, sniffed or run as a page. */
async function sendCertificate(ctx: AppContext, contractorId: number, res: Response) {
  const c = await readCertificate(ctx, contractorId);
  res.set({
    'Content-Type': c.contentType,
    'Content-Disposition': `inline; filename="certificate-of-insurance-${contractorId}.${EXTENSIONS[c.contentType]}"`,
    'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; object-src 'self'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.send(c.content);
}

/**
 * Credentials (docs/decisions/0032-credential-verification.md): the administrator reads, edits and
 * verifies each one and sees the history; the contractor reads and edits its own. Uploads of the
 * certificate have a route of their own before the JSON body parser (certificate-uploads.ts).
 */
export function credentialRoutes(ctx: AppContext): Router {
  const router = Router();
  const idOf = (params: unknown) => parseInput(idParamSchema, params, 'Invalid contractor id').id;

  router.get(
    '/admin/credentials/attention',
    requireAdmin(ctx),
    asyncHandler(async (req, res) => {
      res.json(await credentialAttention(ctx, adminScopeOf(req)));
    }),
  );
  router.get(
    '/admin/contractors/:id/credentials',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      res.json(await getCredentials(ctx, idOf(req.params), 'admin'));
    }),
  );
  router.patch(
    '/admin/contractors/:id/credentials',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      const id = idOf(req.params);
      await updateCredentials(ctx, id, parseInput(credentialsUpdateSchema, req.body), {
        kind: 'admin',
        ...adminOf(req),
      });
      res.json(await getCredentials(ctx, id, 'admin'));
    }),
  );
  router.post(
    '/admin/contractors/:id/credentials/:credential/verify',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      const id = idOf(req.params);
      const { credential } = parseInput(credentialParamSchema, req.params, 'Unknown credential');
      const { how } = parseInput(verifyCredentialSchema, req.body ?? {});
      await verifyCredential(ctx, id, credential, how, { kind: 'admin', ...adminOf(req) });
      res.json(await getCredentials(ctx, id, 'admin'));
    }),
  );
  router.post(
    '/admin/contractors/:id/credentials/:credential/unverify',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      const id = idOf(req.params);
      const { credential } = parseInput(credentialParamSchema, req.params, 'Unknown credential');
      const { reason } = parseInput(unverifyCredentialSchema, req.body ?? {});
      await unverifyCredential(ctx, id, credential, reason, { kind: 'admin', ...adminOf(req) });
      res.json(await getCredentials(ctx, id, 'admin'));
    }),
  );
  router.get(
    '/admin/contractors/:id/insurance-certificate',
    requireAdmin(ctx, { owns: 'contractor' }),
    asyncHandler(async (req, res) => {
      await sendCertificate(ctx, idOf(req.params), res);
    }),
  );

  router.get(
    '/contractor/credentials',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      res.json(await getCredentials(ctx, contractorIdOf(req), 'contractor'));
    }),
  );
  router.patch(
    '/contractor/credentials',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      const id = contractorIdOf(req);
      await updateCredentials(ctx, id, parseInput(credentialsUpdateSchema, req.body), { kind: 'contractor' });
      res.json(await getCredentials(ctx, id, 'contractor'));
    }),
  );
  router.get(
    '/contractor/insurance-certificate',
    requireContractor(ctx),
    asyncHandler(async (req, res) => {
      await sendCertificate(ctx, contractorIdOf(req), res);
    }),
  );
  return router;
}
