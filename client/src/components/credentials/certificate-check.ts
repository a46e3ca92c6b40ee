import { CERTIFICATE_MAX_BYTES, CERTIFICATE_TYPES } from '@shared/credentials';

/** Checked in the browser to spare a useless upload; the server reads the file's content again (docs/decisions/0031-credentials-stored.md). */
export function certificateProblem(file: File): string | null {
  if (file.size > CERTIFICATE_MAX_BYTES) return 'The certificate must be at most 5 MB';
  if (file.type && !(CERTIFICATE_TYPES as readonly string[]).includes(file.type))
    return 'The certificate must be a PDF or an image (PNG, JPEG or WebP)';
  return null;
}
