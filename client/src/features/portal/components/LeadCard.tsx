import { CalendarDays, Lock, Mail, MapPin, Phone, User } from 'lucide-react';
import { RECEIVED_BY } from '@shared/lead-recipients';
import { formatPrice } from '@shared/money';
import { CONTRACTOR_TRANSITIONS, LEAD_STATUS_LABELS } from '@shared/schemas/lead-status';
import type { PortalLead } from '@shared/schemas/portal';
import { Button, LinkButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { formatLongDate } from '@/lib/format';
import { useUpdateLeadStatus, type ContractorStatus } from '../api';
import { isUnlocked } from '../labels';
import { LeadStatusBadge, PaymentBadge } from './badges';
import { LeadClaim } from './LeadClaim';
import { LeadDecline } from './LeadDecline';
import { LeadReply } from './LeadReply';

const ACTIONS: Record<ContractorStatus, string> = { contacted: 'Mark Contacted', won: 'Mark Won', lost: 'Mark Lost' };
const isContractorStatus = (s: string): s is ContractorStatus => s in ACTIONS;

export const buyLeadHref = (leadId: number, contractorId: number) =>
  `/buy-lead?leadId=${leadId}&contractorId=${contractorId}`;

function StatusActions({ lead }: { lead: PortalLead }) {
  const update = useUpdateLeadStatus();
  const next = CONTRACTOR_TRANSITIONS[lead.status].filter(isContractorStatus);
  if (next.length === 0) return null;
  const mark = (status: ContractorStatus) =>
    update.mutate(
      { deliveryId: lead.deliveryId, status },
      {
        onSuccess: () =>
          toast({
            title: 'Lead Updated',
            description: `${lead.serviceNeeded} lead marked as ${LEAD_STATUS_LABELS[status]}.`,
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: messageOf(error, 'Failed to update lead status'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <div role="group" aria-label="Update lead status" className="flex flex-wrap gap-2">
      {next.map((status) => (
        <Button
          key={status}
          size="sm"
          variant={status === 'won' ? 'default' : 'outline'}
          disabled={update.isPending}
          onClick={() => mark(status)}
        >
          {ACTIONS[status]}
        </Button>
      ))}
    </div>
  );
}

export function LeadCard({ lead, contractorId }: { lead: PortalLead; contractorId: number }) {
  const headingId = `lead-${lead.deliveryId}-title`;
  const unlocked = isUnlocked(lead.paymentState) && lead.customer !== null;
  return (
    <Card role="article" aria-labelledby={headingId} data-testid="lead-card" className="grid gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id={headingId} className="text-lg font-semibold leading-tight">
            {lead.serviceNeeded}
          </h2>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <MapPin className="h-4 w-4" aria-hidden="true" />
              {lead.location}
            </span>
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="h-4 w-4" aria-hidden="true" />
              <span>
                <span className="sr-only">Delivered </span>
                {formatLongDate(lead.deliveredAt)}
              </span>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <LeadStatusBadge status={lead.status} />
          <PaymentBadge state={lead.paymentState} />
        </div>
      </div>

      <dl className="grid max-w-md grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Budget</dt>
          <dd className="font-medium">{lead.budgetRange ?? 'Not specified'}</dd>
        </div>
        {lead.paymentState === 'credited' ? (
          // Taken from the plan, not charged: the price is only what the credit stood for.
          <div>
            <dt className="text-muted-foreground">Paid with</dt>
            <dd className="font-medium">
              1 plan credit{' '}
              <span className="font-normal text-muted-foreground">{`(instead of ${formatPrice(lead.price)})`}</span>
            </dd>
          </div>
        ) : (
          <div>
            <dt className="text-muted-foreground">Lead price</dt>
            <dd className="font-medium">{formatPrice(lead.price)}</dd>
          </div>
        )}
      </dl>
      <p className="text-sm text-muted-foreground" data-testid="lead-recipients">
        {RECEIVED_BY}
      </p>

      <div>
        <h3 className="text-sm text-muted-foreground">Project summary</h3>
        <p className="mt-1 whitespace-pre-line text-sm leading-relaxed">{lead.projectDetails}</p>
      </div>

      {lead.withdrawnAt && (
        <p className="text-sm text-muted-foreground" data-testid="lead-withdrawn">
          {`The homeowner withdrew this request on ${formatLongDate(lead.withdrawnAt)}. You keep the details you paid for.`}
        </p>
      )}
      {lead.erasedAt ? (
        <p
          className="flex items-center gap-2 rounded-md border border-dashed p-4 text-sm text-muted-foreground"
          data-testid="lead-erased"
        >
          <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />
          {`The customer's contact details were erased on ${formatLongDate(lead.erasedAt)} under the privacy policy.`}
        </p>
      ) : unlocked && lead.customer ? (
        <div className="grid gap-3 rounded-md border bg-secondary/60 p-4" data-testid="lead-customer">
          <h3 className="text-sm font-semibold">Customer</h3>
          <ul className="grid gap-2 text-sm sm:grid-cols-3">
            <li className="flex min-w-0 items-center gap-2">
              <User className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="truncate font-medium">{lead.customer.name}</span>
            </li>
            <li className="flex min-w-0 items-center gap-2">
              <Mail className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
              <a
                href={`mailto:${lead.customer.email}`}
                className="truncate text-primary underline-offset-4 hover:underline"
              >
                {lead.customer.email}
              </a>
            </li>
            <li className="flex min-w-0 items-center gap-2">
              <Phone className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
              <a
                href={`tel:${lead.customer.phone.replace(/[^\d+]/g, '')}`}
                className="truncate text-primary underline-offset-4 hover:underline"
              >
                {lead.customer.phone}
              </a>
            </li>
          </ul>
          <LeadReply lead={lead} />
          <StatusActions lead={lead} />
        </div>
      ) : (
        <div className="flex flex-col gap-3 rounded-md border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />
            Customer details are shown after you buy this lead.
          </p>
          {lead.paymentState === 'awaiting_payment' && (
            <div className="flex shrink-0 flex-wrap gap-2">
              <LinkButton href={buyLeadHref(lead.leadId, contractorId)} size="sm" variant="accent" className="shrink-0">
                Buy this lead
              </LinkButton>
              <LeadDecline lead={lead} />
            </div>
          )}
        </div>
      )}
      <LeadClaim lead={lead} />
    </Card>
  );
}
