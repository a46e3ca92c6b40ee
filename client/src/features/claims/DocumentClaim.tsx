import { CERTIFICATE_MAX_BYTES, CERTIFICATE_TYPES } from '@shared/credentials';
import { useProgressiveForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input } from '@/components/ui/input';
import { EmailInput } from '@/components/ui/email-input';
import { ApiError } from '@/lib/api';
import { sendClaimDocument } from './api';

const NAME_MAX = 120;

/** Checked in the browser to spare a useless upload; the server reads the file again. */
function documentProblem(file: File | undefined): string | null {
  if (!file) return 'Choose a file';
  if (file.size > CERTIFICATE_MAX_BYTES) return 'The document must be at most 5 MB';
  if (file.type && !(CERTIFICATE_TYPES as readonly string[]).includes(file.type))
    return 'The document must be a PDF or an image (PNG, JPEG or WebP)';
  return null;
}

/**
 * A claim by document (docs/decisions/0131-listing-claims.md), for a listing with no phone or
 * email a code can go to, or one whose owner cannot reach them: a registration certificate or
 * insurance in the business's name, for an administrator to check. The answer comes by email.
 */
export function DocumentClaim({ id, onSent }: { id: string; onSent: (message: string) => void }) {
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/listing-claims').then((m) => m.documentClaimSchema),
    fallback: 'The document could not be sent. Please try again.',
    onValid: async ({ name, email }, el) => {
      const file = (el.elements.namedItem('document') as HTMLInputElement | null)?.files?.[0];
      const problem = documentProblem(file);
      // Said on the field as the server would say it.
      if (problem) throw new ApiError(400, `400: ${problem}`, 'Check the document below.', { document: problem });
      const body = new FormData();
      body.set('name', name);
      body.set('email', email);
      body.set('document', file!);
      onSent((await sendClaimDocument(id, body)).message);
    },
  });
  const { errors, control, pending } = form;
  return (
    <form {...form.props} className="grid gap-4" aria-label="Send a document">
      {form.problem && <FormNotice variant="destructive" title="Not sent" description={form.problem} />}
      <Field id="claim-name" label="Your name" error={errors.name}>
        <Input autoComplete="name" maxLength={NAME_MAX} {...control('name', 'claim-name')} />
      </Field>
      <Field
        id="claim-document-email"
        label="Email for your portal account"
        error={errors.email}
        hint="We write to it once the document is checked."
      >
        <EmailInput {...control('email', 'claim-document-email')} />
      </Field>
      <Field
        id="claim-document"
        label="Document"
        error={errors.document}
        hint="The business's registration certificate or insurance certificate: a PDF or a photo, up to 5 MB."
      >
        <Input
          type="file"
          accept={CERTIFICATE_TYPES.join(',')}
          className="h-auto py-1.5"
          {...control('document', 'claim-document')}
          defaultValue={undefined}
        />
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? 'Sending...' : 'Send the document'}
      </Button>
    </form>
  );
}
