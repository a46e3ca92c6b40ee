import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AdminListingClaim } from '@shared/schemas/listing-claims';
import { useProgressiveForm } from '@/components/form';
import { EmptyState } from '@/components/query-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TitledDialog } from '@/components/ui/dialog';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Textarea } from '@/components/ui/input';
import { ApiError, messageOf } from '@/lib/api';
import { formatDateTime, plural } from '@/lib/format';
import { useRegion } from '@/lib/region';
import { AdminList } from './components/AdminList';
import { PageHeader } from './components/PageHeader';
import { RejectDialog, type Rejection } from './components/RejectDialog';
import { StatusQueue, type QueueTab } from './components/StatusQueue';
import { Td, Tr } from './components/table';
import {
  awaitsDecision,
  canUndo,
  LISTING_CLAIM_NOTE_MAX,
  useDecideListingClaim,
  useListingClaims,
  type ListingClaimDecision,
} from './listing-claims-api';
import { DecisionButton } from './components/DecisionButton';
import { ListingLink } from './components/ListingLink';
import { toastProblem } from '@/components/ui/toast-problem';

/**
 * /admin/listing-claims: businesses claiming their unclaimed listings
 * (docs/decisions/0131-listing-claims.md). A claim by a code sent to the listing's phone or email
 * goes through by itself; a claim by document waits here to be approved (the claimant's account is
 * made and emailed a setup code) or rejected with a reason. A claim that went through can be
 * undone: the account is removed and the listing is unclaimed again. Not the lead claims
 * (ClaimsPage), which are contractors asking for a lead's price back.
 */

type ClaimView = 'waiting' | 'all';
type Claim = AdminListingClaim;

const TABS: QueueTab<ClaimView>[] = [
  { value: 'waiting', label: 'Waiting for a decision' },
  { value: 'all', label: 'All' },
];

const COLUMNS = ['Listing', 'Proof', 'Claimant', 'Sent', 'Status', 'Actions'].map((name) => ({ name }));

/** The server's list stops at its newest 200 claims (server/contractors/claims/claim-decisions.ts). */
const SHOWN = 200;

const CHANNEL_LABELS: Record<Claim['channel'], string> = {
  phone: 'Code by text',
  email: 'Code by email',
  document: 'Document',
};

/** A claim's state in words: an open claim waits for its code, or for an administrator when it is a document. */
function claimStatusLabel(c: Pick<Claim, 'channel' | 'status'>): string {
  switch (c.status) {
    case 'open':
      return c.channel === 'document' ? 'Waiting for a decision' : 'Waiting for the code';
    case 'verified':
      return 'Verified by code';
    case 'approved':
      return 'Approved';
    case 'rejected':
      return 'Rejected';
    case 'expired':
      return 'Expired';
    case 'undone':
      return 'Undone';
  }
}

const STATUS_VARIANT: Record<Claim['status'], Parameters<typeof Badge>[0]['variant']> = {
  open: 'warning',
  verified: 'success',
  approved: 'success',
  rejected: 'outline',
  expired: 'outline',
  undone: 'outline',
};

/** What the decision's time is called: the code entered, or an administrator's decision. */
const DECIDED: Record<Claim['status'], string> = {
  open: 'Decided',
  verified: 'Code entered',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
  undone: 'Undone',
};

/** A rejection's reason: required, as the server asks (claimNoteSchema with a note). */
const CLAIM_REJECTION: Rejection = {
  title: 'Reject claim',
  reason: {
    name: 'note',
    id: 'listing-claim-reject-note',
    label: 'Reason',
    max: LISTING_CLAIM_NOTE_MAX,
    note: 'Kept with the claim for administrators.',
    placeholder: 'e.g. The certificate names another business.',
  },
  schema: () =>
    import('@shared/schemas/listing-claims').then((m) =>
      m.claimNoteSchema.refine((v) => v.note !== '', { message: 'Say why the claim is rejected', path: ['note'] }),
    ),
  fallback: 'Failed to reject the claim',
  submit: 'Reject Claim',
};

function ListingCell({ claim }: { claim: Claim }) {
  return (
    <div className="grid gap-0.5">
      <ListingLink id={claim.contractorId} name={claim.businessName} className="[overflow-wrap:anywhere]" />
      <span className="text-xs text-muted-foreground">{`Claim #${claim.id}`}</span>
    </div>
  );
}

function ProofCell({ claim }: { claim: Claim }) {
  if (claim.channel === 'document') {
    return (
      <div className="grid gap-1">
        <p className="font-medium">{CHANNEL_LABELS.document}</p>
        <Link
          href={`/admin/contractors/${claim.contractorId}/credentials`}
          className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
        >
          <FileText className="h-4 w-4 shrink-0" aria-hidden="true" />
          View the document
          <span className="sr-only">{` of ${claim.businessName}`}</span>
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-0.5">
      <p className="font-medium">{CHANNEL_LABELS[claim.channel]}</p>
      <p className="text-xs text-muted-foreground">
        {plural(claim.codesSent, 'code')} sent
        {claim.failedAttempts > 0 && `, ${plural(claim.failedAttempts, 'wrong try', 'wrong tries')}`}
      </p>
    </div>
  );
}

function ClaimantCell({ claim }: { claim: Claim }) {
  return (
    <div className="grid gap-0.5">
      {claim.claimantName && <p className="font-medium [overflow-wrap:anywhere]">{claim.claimantName}</p>}
      {claim.accountEmail ? (
        <a
          href={`mailto:${claim.accountEmail}`}
          className="text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
        >
          {claim.accountEmail}
        </a>
      ) : (
        <span className="text-muted-foreground">No email yet</span>
      )}
    </div>
  );
}

function StatusCell({ claim }: { claim: Claim }) {
  const { timeZone } = useRegion();
  return (
    <div className="grid gap-1">
      <Badge variant={STATUS_VARIANT[claim.status]} className="w-fit" data-testid="listing-claim-status">
        {claimStatusLabel(claim)}
      </Badge>
      {claim.decidedAt && (
        <p className="text-xs text-muted-foreground">
          {`${DECIDED[claim.status]} ${formatDateTime(claim.decidedAt, timeZone)}${claim.decidedBy ? ` by ${claim.decidedBy}` : ''}`}
        </p>
      )}
      {claim.note && (
        <p className="max-w-[18rem] whitespace-pre-line text-xs [overflow-wrap:anywhere] max-lg:max-w-none">{`Reason: ${claim.note}`}</p>
      )}
    </div>
  );
}

interface RowActions {
  busy: boolean;
  onApprove: (c: Claim) => void;
  onReject: (c: Claim) => void;
  onUndo: (c: Claim) => void;
}

function ActionsCell({ claim, busy, onApprove, onReject, onUndo }: { claim: Claim } & RowActions) {
  const subject = `the claim of ${claim.businessName}`;
  if (awaitsDecision(claim)) {
    return (
      <div className="flex flex-wrap gap-2">
        <DecisionButton decision="Approve" subject={subject} disabled={busy} onClick={() => onApprove(claim)} />
        <DecisionButton decision="Reject" subject={subject} disabled={busy} onClick={() => onReject(claim)} />
      </div>
    );
  }
  if (canUndo(claim)) {
    return <DecisionButton decision="Undo" subject={subject} disabled={busy} onClick={() => onUndo(claim)} />;
  }
  return <span className="text-sm text-muted-foreground">None</span>;
}

function ClaimRow({ claim, ...actions }: { claim: Claim } & RowActions) {
  const { timeZone } = useRegion();
  return (
    <Tr data-testid="listing-claim">
      <Td className="min-w-[12rem]">
        <ListingCell claim={claim} />
      </Td>
      <Td label="Proof" className="min-w-[9rem]">
        <ProofCell claim={claim} />
      </Td>
      <Td label="Claimant" className="min-w-[12rem]">
        <ClaimantCell claim={claim} />
      </Td>
      <Td label="Sent" className="whitespace-nowrap max-lg:whitespace-normal">
        <time dateTime={claim.createdAt}>{formatDateTime(claim.createdAt, timeZone)}</time>
      </Td>
      <Td label="Status" className="min-w-[11rem]">
        <StatusCell claim={claim} />
      </Td>
      <Td label="Actions">
        <ActionsCell claim={claim} {...actions} />
      </Td>
    </Tr>
  );
}

function UndoForm({
  claim,
  pending,
  onConfirm,
  onCancel,
}: {
  claim: Claim;
  pending: boolean;
  onConfirm: (note: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  // What is typed so far, for the counter; the form reads the field itself when sent.
  const [note, setNote] = useState('');
  const id = `listing-claim-undo-note-${claim.id}`;
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/listing-claims').then((m) => m.claimNoteSchema),
    fallback: 'Failed to undo the claim',
    onProblem: toastProblem('Error'),
    onValid: (values) => onConfirm(values.note),
  });
  return (
    <form {...form.props} className="grid gap-4">
      <Field
        id={id}
        label="Reason (optional)"
        hint={`${note.length}/${LISTING_CLAIM_NOTE_MAX} characters. Kept with the claim for administrators.`}
        error={form.errors.note}
      >
        <Textarea
          rows={3}
          maxLength={LISTING_CLAIM_NOTE_MAX}
          placeholder="e.g. The real owner called: this was not their business."
          {...form.control('note', id)}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      <DialogFormActions
        pending={pending || form.pending}
        onCancel={onCancel}
        submit="Undo Claim"
        sending="Undoing..."
      />
    </form>
  );
}

/** Undoing is asked once more, with what it removes; an optional reason stays with the claim. */
function UndoDialog({
  claim,
  pending,
  onConfirm,
  onOpenChange,
}: {
  claim: Claim | null;
  pending: boolean;
  onConfirm: (note: string) => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <TitledDialog
      open={claim !== null}
      pending={pending}
      onOpenChange={onOpenChange}
      className="sm:max-w-[480px]"
      title="Undo claim"
      description={
        claim
          ? `${claim.businessName} loses its owner: the portal account${claim.accountEmail ? ` of ${claim.accountEmail}` : ''} is removed and signed out, and the listing shows as unclaimed again. The claim stays in the list as undone.`
          : ''
      }
    >
      {claim && (
        <UndoForm
          key={claim.id}
          claim={claim}
          pending={pending}
          onConfirm={onConfirm}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </TitledDialog>
  );
}

const FAILED: Record<ListingClaimDecision['action'], string> = {
  approve: 'The claim was not approved',
  reject: 'The claim was not rejected',
  undo: 'The claim was not undone',
};

export default function ListingClaimsPage() {
  const [rejecting, setRejecting] = useState<Claim | null>(null);
  const [undoing, setUndoing] = useState<Claim | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<{ title: string; description: string } | null>(null);
  const decide = useDecideListingClaim();

  /**
   * Sends a decision; the server's answer goes to the status line, a refusal (often another
   * administrator deciding first) to the alert. A refused reason is thrown back to its dialog's field.
   */
  const send = async (claim: Claim, decision: ListingClaimDecision) => {
    setStatus('');
    setProblem(null);
    try {
      const { message } = await decide.mutateAsync(decision);
      setStatus(`${message} (${claim.businessName}).`);
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.note) throw e;
      setProblem({ title: FAILED[decision.action], description: messageOf(e, 'Please try again.') });
    }
  };

  return (
    <>
      <PageHeader
        title="Listing claims"
        description="Businesses claiming their unclaimed listings: by a code sent to the listing's phone or email, or by a document for you to check. Approving a document claim makes the claimant's portal account and emails them a setup code; undoing a claim removes the account and the listing is unclaimed again."
        path="/admin/listing-claims"
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/admin/contractors">All contractors</Link>
          </Button>
        }
      />
      <div
        role="status"
        aria-live="polite"
        data-testid="listing-claims-status"
        className="mb-4 flex min-h-[1.5rem] items-center gap-2 text-sm font-medium"
      >
        {decide.isPending ? 'Saving the decision...' : status}
      </div>
      {problem && (
        <FormNotice variant="destructive" title={problem.title} description={problem.description} className="mb-4" />
      )}
      <StatusQueue
        tabs={TABS}
        initial="waiting"
        label="Which claims"
        perRow={2}
        useItems={useListingClaims}
        tabLabel={(t, data) =>
          data && t.value === 'waiting' ? `${t.label} (${data.filter(awaitsDecision).length})` : t.label
        }
      >
        {({ filter, query }) => (
          <AdminList
            query={query}
            what="listing claims"
            label="Listing claims"
            columns={COLUMNS}
            items={(d) => (filter === 'waiting' ? d.filter(awaitsDecision) : d)}
            itemKey={(c) => c.id}
            count={(d) => {
              const n = filter === 'waiting' ? d.filter(awaitsDecision).length : d.length;
              if (filter === 'waiting') return `${plural(n, 'claim')} waiting, newest first`;
              return n >= SHOWN ? `The newest ${n} claims` : `${plural(n, 'claim')}, newest first`;
            }}
            empty={
              <EmptyState icon={<FileText className="h-8 w-8" aria-hidden="true" />}>
                <p>
                  {filter === 'waiting'
                    ? 'No claims are waiting for a decision.'
                    : 'No business has claimed a listing yet.'}
                </p>
              </EmptyState>
            }
            row={(c) => (
              <ClaimRow
                claim={c}
                busy={decide.isPending}
                onApprove={(claim) => void send(claim, { id: claim.id, action: 'approve' })}
                onReject={setRejecting}
                onUndo={setUndoing}
              />
            )}
          />
        )}
      </StatusQueue>

      <RejectDialog
        kind={CLAIM_REJECTION}
        subject={rejecting}
        description={
          rejecting
            ? `${rejecting.claimantName ?? 'The claimant'} does not get ${rejecting.businessName}: no account is made and the listing stays unclaimed.`
            : ''
        }
        pending={decide.isPending}
        onOpenChange={(open) => !open && setRejecting(null)}
        onConfirm={async (note) => {
          if (!rejecting) return;
          await send(rejecting, { id: rejecting.id, action: 'reject', note });
          setRejecting(null);
        }}
      />
      <UndoDialog
        claim={undoing}
        pending={decide.isPending}
        onOpenChange={(open) => !open && setUndoing(null)}
        onConfirm={async (note) => {
          if (!undoing) return;
          await send(undoing, { id: undoing.id, action: 'undo', note });
          setUndoing(null);
        }}
      />
    </>
  );
}
