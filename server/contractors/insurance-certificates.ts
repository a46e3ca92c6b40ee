import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { CERTIFICATE_MAX_BYTES, type CertificateType } from '@shared/credentials';
import { inTransaction, type DbCtx, type ServiceCtx } from '../context';
import {
  certificateUploadTokens,
  contractors,
  insuranceCertificates,
  type InsuranceCertificateRow,
} from '../db/schema';
import { DomainError, forbidden, invalid, notFound } from '../domain/errors';
import { recordCredentialEvent, withdrawForNewFacts, type CredentialActorRef } from './credentials';
import { lockContractor } from './contractor-lock';

/**
 * Certificates of insurance (docs/decisions/0031-credentials-stored.md): a PDF or an image of at
 * most 5 MB, whose type is read from its first bytes (what the browser says is not trusted), kept
 * in the database and served only to the administrator and the contractor.
 */

const SIGNATURES: { type: CertificateType; test: (b: Buffer) => boolean }[] = [
  { type: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const NOT_A_CERTIFICATE = 'The certificate must be a PDF or an image (PNG, JPEG or WebP)';

/** The file's type from its content, or null when it is none of the accepted ones. */
export function sniffCertificate(bytes: Buffer): CertificateType | null {
  return SIGNATURES.find((s) => s.test(bytes))?.type ?? null;
}

/** A name fit to show: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
}

export interface Upload {
  bytes: Buffer;
  fileName?: string;
}

/** Stores (or replaces) the contractor's certificate; the contractor's own upload sends the insurance back for checking. */
export async function storeCertificate(
  ctx: ServiceCtx,
  contractorId: number,
  upload: Upload,
  actor: CredentialActorRef & { kind: 'admin' | 'contractor' | 'applicant' },
): Promise<void> {
  const { bytes } = upload;
  if (bytes.length === 0) throw invalid('The file is empty', { certificate: 'The file is empty' });
  if (bytes.length > CERTIFICATE_MAX_BYTES)
    throw new DomainError('invalid', 'The certificate must be at most 5 MB', {
      fields: { certificate: 'The certificate must be at most 5 MB' },
    });
  const contentType = sniffCertificate(bytes);
  if (!contentType) throw invalid(NOT_A_CERTIFICATE, { certificate: NOT_A_CERTIFICATE });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const fileName = cleanFileName(upload.fileName);
  await inTransaction(ctx, async (tx) => {
    if (!(await lockContractor(tx, contractorId))) throw notFound('Contractor not found');
    const values = {
      contentType,
      content: bytes,
      byteSize: bytes.length,
      sha256,
      fileName,
      uploadedBy: actor.kind,
      createdAt: tx.clock.now(),
    };
    await tx.db
      .insert(insuranceCertificates)
      .values({ contractorId, ...values })
      .onConflictDoUpdate({ target: insuranceCertificates.contractorId, set: values });
    const kb = Math.max(1, Math.round(bytes.length / 1024));
    await recordCredentialEvent(
      tx,
      contractorId,
      'insurance',
      'certificate',
      `Certificate of insurance ${fileName ? `'${fileName}' ` : ''}(${contentType}, ${kb} KB, SHA-256 ${sha256.slice(0, 12)})`,
      actor,
    );
    if (actor.kind === 'contractor')
      await withdrawForNewFacts(
        tx,
        contractorId,
        'insurance',
        'New certificate from the contractor: to be checked again',
        actor,
      );
  });
}

/** The certificate with its bytes; not found when there is none. */
export async function readCertificate(ctx: DbCtx, contractorId: number): Promise<InsuranceCertificateRow> {
  const [row] = await ctx.db
    .select()
    .from(insuranceCertificates)
    .where(eq(insuranceCertificates.contractorId, contractorId));
  if (!row) throw notFound('No certificate of insurance has been uploaded');
  return row;
}

const TOKEN_TTL_MS = 60 * 60_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A business just submitted may upload its certificate for an hour: the token goes back in the submission's answer, only its hash is kept. */
export async function createUploadToken(ctx: ServiceCtx, contractorId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await ctx.db.insert(certificateUploadTokens).values({
    contractorId,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.clock.now().getTime() + TOKEN_TTL_MS),
  });
  return token;
}

export const UPLOAD_TOKEN_REFUSED =
  'This upload link has expired. Upload the certificate from the contractor portal once your listing is approved.';

/** The submission a token may upload for: still pending review, token not expired. */
export async function contractorOfUploadToken(ctx: ServiceCtx, token: string | undefined): Promise<number> {
  if (!token || token.length > 100) throw forbidden(UPLOAD_TOKEN_REFUSED);
  const [row] = await ctx.db
    .select({ id: contractors.id })
    .from(certificateUploadTokens)
    .innerJoin(
      contractors,
      and(eq(contractors.id, certificateUploadTokens.contractorId), eq(contractors.approvalStatus, 'pending')),
    )
    .where(
      and(
        eq(certificateUploadTokens.tokenHash, hashToken(token)),
        gt(certificateUploadTokens.expiresAt, ctx.clock.now()),
      ),
    );
  if (!row) throw forbidden(UPLOAD_TOKEN_REFUSED);
  return row.id;
}
