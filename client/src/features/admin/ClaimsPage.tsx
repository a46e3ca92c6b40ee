import { formatPrice } from '@shared/money';
import { useState } from 'react';
import {
  CLAIM_REASON_LABELS,
  CLAIM_STATUS_LABELS,
  type AdminLeadClaim,
  type ClaimStatus,
  type RefundDto,
} from '@shared/schemas/lead-claims';
import { Badge } from '@/components/ui/badge';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, formatShortDate, plural } from '@/lib/format';
import { claimsKey, useClaims, useDecideClaim, type ClaimFilter } from './api';
import { AdminList } from './components/AdminList';
import { StatusQueue, type QueueTab } from './components/StatusQueue';
import { approvalEffect, ClaimDecisionDialog, type ClaimDecision } from './components/ClaimDecisionDialog';
import { CustomerCell } from './components/CustomerCell';
import { PageHeader } from './components/PageHeader';
import { Td, Tr } from './components/table';
import { ShortTime } from './components/lead-cells';
import { useRegion } from '@/lib/region';
import { DecisionButton } from './components/DecisionButton';

const PAGE_SIZE = 20;
const COLUMNS = ['Contractor', 'Lead', 'Reason', 'Paid', 'Homeowner', 'Claimed', 'Decision'].map((name) => ({ name }));
const DAY_MS = 86_400_000;

const TABS: QueueTab<ClaimFilter>[] = [
  { value: 'open', label: 'Open' },
  { value: 'approved', label: 'Approved' },
  { value: 'denied', label: 'Denied' },
  { value: 'all', label: 'All' },
];

/** One status's page of claims. */
const useClaimPage = (status: ClaimFilter, page: number) => useClaims(claimsKey(status, page, PAGE_SIZE));

const STATUS_VARIANT: Record<ClaimStatus, Parameters<typeof Badge>[0]['variant']> = {
  open: 'warning',
  approved: 'success',
  denied: 'outline',
};

/** How it was paid, and what came back. */
function refundLine(refund: RefundDto): string {
  if (refund.method === 'credit') return 'Credit returned as a bonus credit';
  if (refund.method === 'offline') return `Paid outside the site: return ${formatPrice(refund.amount)} the same way`;
  if (refund.status === 'succeeded')
    return `${formatPrice(refund.amount)} refunded to the card${refund.refundedAt ? ` ${formatShortDate(refund.refundedAt)}` : ''}`;
  if (refund.status === 'failed') return `Card refund failed${refund.failureReason ? `: ${refund.failureReason}` : ''}`;
  return `${formatPrice(refund.amount)} card refund pending`;
}

function PaidCell({ claim }: { claim: AdminLeadClaim }) {
  const d = claim.delivery;
  const how = d.paymentState === 'credited' ? 'Plan credit' : d.paidByCard ? 'Card' : 'Recorded payment';
  return (
    <div className="grid gap-1">
      <p className="font-semibold tabular-nums">{formatPrice(d.price)}</p>
      <p className="text-xs text-muted-foreground">{how}</p>
      {claim.refund && (
        <p
          className={claim.refund.status === 'failed' ? 'text-xs font-medium text-destructive' : 'text-xs'}
          data-testid="claim-refund"
        >
          {refundLine(claim.refund)}
        </p>
      )}
    </div>
  );
}

const yesNo = (v: boolean | null) => (v ? 'yes' : 'no');

/** The homeowner's follow-up: not due yet, not sent, sent without an answer, or the answers. */
function FollowUpCell({ claim }: { claim: AdminLeadClaim }) {
  const f = claim.followUp;
  if (f?.answeredAt) {
    return (
      <p className="text-sm" data-testid="claim-follow-up">
        {`Contacted: ${yesNo(f.contacted)}, hired: ${yesNo(f.hired)}`}
        {f.rating !== null && <span className="block text-xs">{`Rated ${f.rating} of 5`}</span>}
        <span className="block text-xs text-muted-foreground">{`Answered ${formatShortDate(f.answeredAt)}`}</span>
      </p>
    );
  }
  let text = 'Follow-up not sent yet';
  if (f?.request === 'sent')
    text = f.sentAt ? `Asked ${formatShortDate(f.sentAt)}, no answer yet` : 'Asked, no answer yet';
  else if (f?.request === 'skipped') text = 'No follow-up for this lead';
  return (
    <span className="text-muted-foreground" data-testid="claim-follow-up">
      {text}
    </span>
  );
}

/** A claim and the decision its buttons open. */
interface ClaimProps {
  claim: AdminLeadClaim;
  onDecide: (claim: AdminLeadClaim, decision: ClaimDecision) => void;
}

function DecisionCell({ claim, onDecide }: ClaimProps) {
  const { timeZone } = useRegion();
  const subject = `the claim of ${claim.contractor.name} on the lead from ${claim.lead.name}`;
  return (
    <div className="grid gap-2">
      <Badge variant={STATUS_VARIANT[claim.status]} className="w-fit" data-testid="claim-status">
        {CLAIM_STATUS_LABELS[claim.status]}
      </Badge>
      {claim.decidedAt && (
        <p className="text-xs text-muted-foreground">{`${claim.decidedBy ?? 'An administrator'}, ${formatDateTime(claim.decidedAt, timeZone)}`}</p>
      )}
      {claim.note && <p className="max-w-[16rem] text-xs">{claim.note}</p>}
      {claim.status === 'open' && (
        <div className="flex flex-wrap gap-2">
          <DecisionButton decision="Approve" subject={subject} onClick={() => onDecide(claim, 'approve')} />
          <DecisionButton decision="Deny" subject={subject} onClick={() => onDecide(claim, 'deny')} />
        </div>
      )}
    </div>
  );
}

function ClaimRow({ claim, onDecide }: ClaimProps) {
  const days = Math.max(0, Math.floor((Date.parse(claim.createdAt) - Date.parse(claim.delivery.deliveredAt)) / DAY_MS));
  return (
    <Tr data-testid="claim-row">
      <Td className="min-w-[11rem]">
        <p className="font-semibold">{claim.contractor.name}</p>
        <p className="text-xs text-muted-foreground">{`Delivered ${formatShortDate(claim.delivery.deliveredAt)}`}</p>
      </Td>
      <Td label="Lead" className="min-w-[12rem]">
        <p className="font-medium">{`${claim.lead.serviceNeeded}, ${claim.lead.location}`}</p>
        <CustomerCell lead={claim.lead} />
      </Td>
      <Td label="Reason" className="min-w-[12rem] max-w-[20rem]">
        <p className="font-medium">{CLAIM_REASON_LABELS[claim.reason]}</p>
        {claim.details && (
          <p className="whitespace-pre-line break-words text-xs text-muted-foreground">{claim.details}</p>
        )}
      </Td>
      <Td label="Paid">
        <PaidCell claim={claim} />
      </Td>
      <Td label="Homeowner">
        <FollowUpCell claim={claim} />
      </Td>
      <Td label="Claimed" className="whitespace-nowrap">
        <ShortTime at={claim.createdAt} />
        <span className="block text-xs text-muted-foreground">
          {days === 0 ? 'Day of delivery' : `${plural(days, 'day')} after delivery`}
        </span>
      </Td>
      <Td label="Decision">
        <DecisionCell claim={claim} onDecide={onDecide} />
      </Td>
    </Tr>
  );
}

/** Contractors' claims that a lead was bad (docs/decisions/0046-lead-guarantee.md): approve to give back what was paid, or deny with a note. */
export default function ClaimsPage() {
  const [target, setTarget] = useState<{ claim: AdminLeadClaim; decision: ClaimDecision } | null>(null);
  const decide = useDecideClaim();

  // The dialog sends through this and says its failure itself; a failure (often another administrator deciding first) closes it too.
  const onConfirm = async (note: string) => {
    if (!target) return;
    const { claim, decision } = target;
    try {
      await decide.mutateAsync({ id: claim.id, decision, note });
    } catch (error) {
      setTarget(null);
      throw error;
    }
    setTarget(null);
    toast(
      decision === 'approve'
        ? { title: 'Claim Approved', description: approvalEffect(claim) }
        : { title: 'Claim Denied', description: `${claim.contractor.name} has been emailed your reason.` },
    );
  };

  return (
    <>
      <PageHeader
        title="Lead Claims"
        description="Contractors may report a paid or credited lead as bad within 14 days of delivery. Approving gives back what was paid (a card payment to the card, a plan credit as a bonus credit that does not expire); the contractor is emailed either way."
        path="/admin/claims"
      />
      <StatusQueue
        tabs={TABS}
        initial="open"
        label="Claim status"
        perRow={2}
        useItems={useClaimPage}
        tabLabel={(t, data) => (data && t.value !== 'all' ? `${t.label} (${data.counts[t.value]})` : t.label)}
      >
        {({ filter, query, onPage }) => (
          <AdminList
            query={query}
            what="claims"
            label="Lead claims"
            columns={COLUMNS}
            items={(d) => d.claims}
            itemKey={(claim) => claim.id}
            empty={
              filter === 'open'
                ? 'No open claims.'
                : filter === 'all'
                  ? 'No claims yet.'
                  : `No ${CLAIM_STATUS_LABELS[filter].toLowerCase()} claims.`
            }
            pager={{ label: 'Claim pages', onPage }}
            row={(claim) => <ClaimRow claim={claim} onDecide={(c, decision) => setTarget({ claim: c, decision })} />}
          />
        )}
      </StatusQueue>

      <ClaimDecisionDialog
        target={target}
        pending={decide.isPending}
        onConfirm={onConfirm}
        onOpenChange={(open) => !open && setTarget(null)}
      />
    </>
  );
}
