import { FileText, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { CERTIFICATE_TYPES } from '@shared/credentials';
import type { CertificateInfo } from '@shared/schemas/credentials';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format';
import { certificateProblem } from './certificate-check';
import { useRegion } from '@/lib/region';

const KIND: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/webp': 'WebP image',
};
const BY: Record<CertificateInfo['uploadedBy'], string> = {
  admin: 'an administrator',
  contractor: 'the contractor',
  applicant: 'the business with its submission',
};

export function CertificateLine({ certificate, href }: { certificate: CertificateInfo | null; href: string }) {
  const { timeZone } = useRegion();
  if (!certificate) return <p className="text-sm text-muted-foreground">No certificate of insurance uploaded yet.</p>;
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm" data-testid="certificate">
      <FileText className="h-4 w-4 text-primary" aria-hidden="true" />
      <a
        href={href}
        target="_blank"
        rel="noopener"
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        View certificate
      </a>
      <span className="text-muted-foreground">{`${certificate.fileName ? `${certificate.fileName}, ` : ''}${KIND[certificate.contentType]}, ${Math.max(1, Math.round(certificate.byteSize / 1024))} KB, uploaded ${formatDateTime(certificate.uploadedAt, timeZone)} by ${BY[certificate.uploadedBy]}`}</span>
    </p>
  );
}

/** A file input and its Upload button; `onUpload` sends the file. */
export function CertificateUpload({
  id,
  pending,
  error,
  onUpload,
}: {
  id: string;
  pending: boolean;
  error?: string;
  onUpload: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  return (
    <div className="grid gap-2">
      <Field id={id} label="Certificate of insurance (PDF or image, up to 5 MB)" error={shown}>
        <Input
          ref={input}
          id={id}
          type="file"
          accept={CERTIFICATE_TYPES.join(',')}
          className="h-auto py-1.5"
          onChange={() => setProblem(null)}
          {...describedBy(id, shown)}
        />
      </Field>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={pending}
        onClick={() => {
          const file = input.current?.files?.[0];
          if (!file) return setProblem('Choose the certificate file first');
          const wrong = certificateProblem(file);
          if (wrong) return setProblem(wrong);
          onUpload(file);
        }}
        icon={Upload}
      >
        {pending ? 'Uploading...' : 'Upload certificate'}
      </Button>
    </div>
  );
}
