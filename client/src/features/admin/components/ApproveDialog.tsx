import { useState } from 'react';
import type { AdminContractor } from '@shared/schemas/admin';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { CheckedDates } from '../api';

function ApproveForm({
  contractor: c,
  pending,
  onConfirm,
  onCancel,
}: {
  contractor: AdminContractor;
  pending: boolean;
  onConfirm: (verified: boolean, dates: CheckedDates) => void;
  onCancel: () => void;
}) {
  // Starts from the recorded state: approving does not verify unless the administrator ticks it.
  const [verified, setVerified] = useState(c.verified);
  // Verifying records until when each credential holds (docs/decisions/0019-verifying-contractors.md): the dates given, which the administrator checks.
  const [dates, setDates] = useState({ registrationExpiresOn: c.registrationExpiresOn ?? '', insuranceExpiresOn: c.insuranceExpiresOn ?? '' });
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm(verified, { registrationExpiresOn: dates.registrationExpiresOn || undefined, insuranceExpiresOn: dates.insuranceExpiresOn || undefined });
      }}
    >
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
          <Checkbox id="approve-verified" checked={verified} onCheckedChange={(v) => setVerified(v === true)} />
          <Label htmlFor="approve-verified">License and insurance verified</Label>
        </div>
        {verified && (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="approve-registration-expires" label="Registration expires">
              <Input id="approve-registration-expires" type="date" required value={dates.registrationExpiresOn} onChange={(e) => setDates({ ...dates, registrationExpiresOn: e.target.value })} />
            </Field>
            <Field id="approve-insurance-expires" label="Insurance expires">
              <Input id="approve-insurance-expires" type="date" required value={dates.insuranceExpiresOn} onChange={(e) => setDates({ ...dates, insuranceExpiresOn: e.target.value })} />
            </Field>
          </div>
        )}
        <p className="text-xs text-muted-foreground">
          Verified contractors carry the &lsquo;Verified Licensed&rsquo; badge and are found with &lsquo;Licensed &amp; Insured Only&rsquo; ticked, as search starts. You can also verify later from the
          list.
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Approving...' : 'Approve Contractor'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The approve step (also 'Reconsider'): shows the licence and insurance given, and records their verification with the approval. */
export function ApproveDialog({
  contractor,
  pending,
  onConfirm,
  onOpenChange,
}: {
  contractor: AdminContractor | null;
  pending: boolean;
  onConfirm: (verified: boolean, dates: CheckedDates) => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={contractor !== null} onOpenChange={(open) => !pending && onOpenChange(open)}>
      <DialogContent className="sm:max-w-[480px]">
        <DialogHeader>
          <DialogTitle>Approve Contractor</DialogTitle>
          <DialogDescription>
            {contractor ? `${contractor.name} will be listed in the directory.${contractor.account ? '' : ' Its owner is emailed a setup code for the contractor portal.'}` : ''}
          </DialogDescription>
        </DialogHeader>
        {contractor && <ApproveForm key={contractor.id} contractor={contractor} pending={pending} onConfirm={onConfirm} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
