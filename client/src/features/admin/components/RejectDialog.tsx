import { useState } from 'react';
import type { z } from 'zod';
import { useProgressiveForm, type FormValuesRaw } from '@/components/form';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toastProblem } from '@/components/ui/toast-problem';

/** What one kind of rejection asks for: its reason field and the shared schema the server checks it with. */
export interface Rejection {
  title: string;
  /** The reason's field: its name in the schema, its id, label and limit, and what becomes of it (after the counter). */
  reason: { name: string; id: string; label: string; max: number; note: string; placeholder?: string };
  schema: () => Promise<z.ZodType>;
  /** The field values as the schema's input, where the reason is one part of a larger request. */
  toInput?: (values: FormValuesRaw) => unknown;
  fallback: string;
  submit: string;
}

function RejectForm({
  kind,
  pending,
  onConfirm,
  onCancel,
}: {
  kind: Rejection;
  pending: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { reason: field } = kind;
  // What is typed so far, for the counter and the confirm button; the form reads the field itself when sent.
  const [reason, setReason] = useState('');
  const form = useProgressiveForm({
    schema: kind.schema,
    toInput: kind.toInput,
    fallback: kind.fallback,
    onProblem: toastProblem('Error'),
    onValid: (values) => onConfirm((values as Record<string, string | null | undefined>)[field.name] ?? ''),
  });
  const busy = pending || form.pending;
  return (
    <form {...form.props} className="grid gap-4">
      <Field
        id={field.id}
        label={field.label}
        hint={`${reason.length}/${field.max} characters. ${field.note}`}
        error={form.errors[field.name]}
      >
        <Textarea
          required
          aria-required="true"
          rows={4}
          maxLength={field.max}
          placeholder={field.placeholder}
          {...form.control(field.name, field.id)}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <DialogFooter>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={!reason.trim() || busy}>
          {busy ? 'Rejecting...' : kind.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Rejecting with a reason (a contractor's application, a listing change): a reason is required
 * (non-empty after trimming) before confirming. `onConfirm` sends it (the parent's mutation); its
 * failure is told here. While it is sent the dialog stays open (docs/decisions/0121-client-screens-once.md).
 */
export function RejectDialog({
  kind,
  subject,
  description,
  pending,
  onConfirm,
  onOpenChange,
}: {
  kind: Rejection;
  /** What is rejected; the dialog is open while there is one. */
  subject: { id: number } | null;
  description: string;
  pending: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <TitledDialog
      open={subject !== null}
      pending={pending}
      onOpenChange={onOpenChange}
      className="sm:max-w-[480px]"
      title={kind.title}
      description={description}
    >
      {subject && (
        <RejectForm
          key={subject.id}
          kind={kind}
          pending={pending}
          onConfirm={onConfirm}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </TitledDialog>
  );
}
