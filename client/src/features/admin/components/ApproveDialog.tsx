import { useState } from 'react';
import type { AdminContractor } from '@shared/schemas/admin';
import { useProgressiveForm, type FormValuesRaw } from '@/components/form';
import { Checkbox } from '@/components/ui/checkbox';
import { TitledDialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import type { CheckedDates } from '../api';
import { APPROVAL_FAILED } from '../labels';
import { toastProblem } from '@/components/ui/toast-problem';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { TextField } from '@/components/form/text-field';

/** The approve step as approvalSchema's input: the box is ticked 'on'; the dates are sent only while it is. */
const approvalOf = (values: FormValuesRaw) => ({
  status: 'approved',
  verified: values.verified === 'on',
  registrationExpiresOn: values.registrationExpiresOn ?? '',
  insuranceExpiresOn: values.insuranceExpiresOn ?? '',
});

function ApproveForm({
  contractor: c,
  pending,
  onConfirm,
  onCancel,
}: {
  contractor: AdminContractor;
  pending: boolean;
  onConfirm: (verified: boolean, dates: CheckedDates) => Promise<unknown>;
  onCancel: () => void;
}) {
  // Starts from the recorded state: approving does not verify unless the administrator ticks it.
  const [verified, setVerified] = useState(c.verified);
  // Verifying records until when each credential holds (docs/decisions/0019-verifying-contractors.md): the dates given, which the
  // administrator checks; the server says which is missing or past, on its field.
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/admin').then((m) => m.approvalSchema),
    toInput: approvalOf,
    defaultValues: {
      registrationExpiresOn: c.registrationExpiresOn ?? '',
      insuranceExpiresOn: c.insuranceExpiresOn ?? '',
    },
    fallback: APPROVAL_FAILED,
    onProblem: toastProblem('Error'),
    onValid: (values) =>
      onConfirm(values.verified ?? false, {
        registrationExpiresOn: values.registrationExpiresOn ?? undefined,
        insuranceExpiresOn: values.insuranceExpiresOn ?? undefined,
      }),
  });
  const busy = pending || form.pending;
  return (
    <form {...form.props} className="grid gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border bg-muted p-3 text-sm">
        <dt className="font-medium">License number</dt>
        <dd className="break-words">{c.licenseNumber || 'None given'}</dd>
        <dt className="font-medium">Insurance</dt>
        <dd className="break-words">{c.insuranceInfo || 'None given'}</dd>
        {(c.insurer || c.insurancePolicyNumber) && (
          <>
            <dt className="font-medium">Policy</dt>
            <dd className="break-words">{[c.insurer, c.insurancePolicyNumber].filter(Boolean).join(', ')}</dd>
          </>
        )}
      </dl>
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <Checkbox
            id="approve-verified"
            name="verified"
            checked={verified}
            onCheckedChange={(v) => setVerified(v === true)}
          />
          <Label htmlFor="approve-verified">License and insurance verified</Label>
        </div>
        {verified && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              form={form}
              name="registrationExpiresOn"
              id="approve-registration-expires"
              label="Registration expires"
              type="date"
              required
            />
            <TextField
              form={form}
              name="insuranceExpiresOn"
              id="approve-insurance-expires"
              label="Insurance expires"
              type="date"
              required
            />
          </div>
        )}
        <p className="text-xs text-muted-foreground">
          Verified contractors carry the &lsquo;Verified Licensed&rsquo; badge and are found with &lsquo;Licensed &amp;
          Insured Only&rsquo; ticked, as search starts. You can also verify later from the list.
        </p>
      </div>
      <DialogFormActions pending={busy} onCancel={onCancel} submit="Approve Contractor" sending="Approving..." />
    </form>
  );
}

/**
 * The approve step (also 'Reconsider'): shows the licence and insurance given, and records their
 * verification with the approval. `onConfirm` sends it (the parent's mutation); its failure is told here.
 */
export function ApproveDialog({
  contractor,
  pending,
  onConfirm,
  onOpenChange,
}: {
  contractor: AdminContractor | null;
  pending: boolean;
  onConfirm: (verified: boolean, dates: CheckedDates) => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <TitledDialog
      open={contractor !== null}
      pending={pending}
      onOpenChange={onOpenChange}
      className="sm:max-w-[480px]"
      title="Approve Contractor"
      description={
        contractor
          ? `${contractor.name} will be listed in the directory.${contractor.account ? '' : ' Its owner is emailed a setup code for the contractor portal.'}`
          : ''
      }
    >
      {contractor && (
        <ApproveForm
          key={contractor.id}
          contractor={contractor}
          pending={pending}
          onConfirm={onConfirm}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </TitledDialog>
  );
}
