import { FileText, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { CERTIFICATE_TYPES } from '@shared/credentials';
import type { CertificateInfo } from '@shared/schemas/credentials';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
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

/** The upload of a certificate, as the admin's and the portal's certificate mutations both are. */
export interface CertificateMutation {
  isPending: boolean;
  mutate: (file: File, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

/** A file input and its Upload button: checks the file, sends it, and says how it went (`uploaded`: the toast's text). */
export function CertificateUpload({
  id,
  upload,
  uploaded,
}: {
  id: string;
  upload: CertificateMutation;
  uploaded: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = problem ?? error;
  const pending = upload.isPending;
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
          setError(undefined);
          upload.mutate(file, {
            onSuccess: () => toast({ title: 'Certificate Uploaded', description: uploaded }),
            onError: (err) => setError(messageOf(err, 'Failed to upload the certificate')),
          });
        }}
        icon={Upload}
      >
        {pending ? 'Uploading...' : 'Upload certificate'}
      </Button>
    </div>
  );
}
