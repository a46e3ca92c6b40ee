import { ChartColumn, FileCheck, FilePenLine, Images, KeyRound, Receipt, Search, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { REJECTION_REASON_MAX, type AdminContractor } from '@shared/schemas/admin';
import { serviceName } from '@shared/taxonomy';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { isRated, NO_REVIEWS } from '@/features/directory';
import {
  contractorsKey,
  useContractors,
  useSendSetupCode,
  useSetApproval,
  useSetVerification,
  useSetVisibility,
  type CheckedDates,
  type ContractorFilter,
} from './api';
import { AdminList } from './components/AdminList';
import { ApproveDialog } from './components/ApproveDialog';
import { ApprovalBadge } from './components/badges';
import { PageHeader } from './components/PageHeader';
import { RejectDialog, type Rejection } from './components/RejectDialog';
import { Td, Tr } from './components/table';
import { VerificationStatus, VerifyButton } from './components/Verification';
import { plural } from '@/lib/format';
import { useRegion } from '@/lib/region';
import { APPROVAL_FAILED } from './labels';
import { DecisionButton } from './components/DecisionButton';
import { toastError } from '@/components/ui/toast-problem';

/** An application's rejection: the reason goes with approvalSchema's 'rejected' status and stays with the application. */
const APPLICATION_REJECTION: Rejection = {
  title: 'Reject Contractor Application',
  reason: {
    name: 'rejectionReason',
    id: 'reject-reason',
    label: 'Reason for rejection',
    max: REJECTION_REASON_MAX,
    note: 'Kept with the application.',
    placeholder: 'e.g. The licence number could not be verified.',
  },
  schema: () => import('@shared/schemas/admin').then((m) => m.approvalSchema),
  toInput: (values) => ({ status: 'rejected', rejectionReason: values.rejectionReason }),
  fallback: APPROVAL_FAILED,
  submit: 'Reject Application',
};

const TABS: { value: ContractorFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const SEARCH_DELAY_MS = 300;
const COLUMNS = ['Contractor', 'Location', 'Services', 'Rating', 'Status', 'Visible', 'Actions'].map((name) => ({
  name,
}));

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

function Services({ services }: { services: string[] }) {
  const region = useRegion();
  const names = services.map((s) => serviceName(s, region));
  const more = names.length - 2;
  return (
    <div className="flex min-w-[11rem] max-w-[16rem] flex-wrap gap-1">
      {names.slice(0, 2).map((n) => (
        <Badge key={n} variant="secondary" className="whitespace-nowrap font-normal">
          {n}
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="outline" className="whitespace-nowrap font-normal" title={names.slice(2).join(', ')}>
          {`+${more} more`}
        </Badge>
      )}
    </div>
  );
}

interface RowHandlers {
  onApprove: (c: AdminContractor) => void;
  onReject: (c: AdminContractor) => void;
  onVisible: (c: AdminContractor, on: boolean) => void;
  onSetupCode: (c: AdminContractor) => void;
  onVerify: (c: AdminContractor, verified: boolean) => void;
  busyId: number | null;
}

/** Each contractor's own admin pages, linked from its row. */
const CONTRACTOR_PAGES = [
  { path: 'credentials', label: 'Credentials', icon: FileCheck, name: (n: string) => `Credentials of ${n}` },
  { path: 'billing', label: 'Billing', icon: Receipt, name: (n: string) => `Billing of ${n}` },
  { path: 'stats', label: 'Stats', icon: ChartColumn, name: (n: string) => `Stats for ${n}` },
] as const;

function ContractorRow({
  c,
  onApprove,
  onReject,
  onVisible,
  onSetupCode,
  onVerify,
  busyId,
}: { c: AdminContractor } & RowHandlers) {
  const busy = busyId === c.id;
  return (
    <Tr data-testid="admin-contractor-row">
      <Td className="min-w-[12rem]">
        <p className="font-semibold">{c.name}</p>
        <p className="text-xs text-muted-foreground">
          {c.licenseNumber ? `License #${c.licenseNumber}` : 'No license number'}
        </p>
      </Td>
      <Td label="Location" className="whitespace-nowrap">
        {c.location}
      </Td>
      <Td label="Services">
        <Services services={c.services} />
      </Td>
      <Td label="Rating" className="whitespace-nowrap">
        {isRated(c) ? (
          <>
            <span className="inline-flex items-center gap-1">
              <Star className="h-4 w-4 fill-accent text-accent" aria-hidden="true" />
              <span className="font-medium">{c.rating.toFixed(1)}</span>
            </span>
            <span className="block text-xs text-muted-foreground">{`(${plural(c.reviewCount, 'review')})`}</span>
          </>
        ) : (
          <span className="text-muted-foreground">{NO_REVIEWS}</span>
        )}
      </Td>
      <Td label="Status">
        <div className="flex flex-col items-start gap-1">
          <ApprovalBadge status={c.approvalStatus} />
          {c.approvalStatus === 'rejected' && c.rejectionReason && (
            <Badge
              variant="outline"
              className="max-w-[14rem] border-destructive font-normal text-destructive"
              title={c.rejectionReason}
              data-testid="rejection-reason"
            >
              <span className="min-w-0 truncate">{c.rejectionReason}</span>
            </Badge>
          )}
          <VerificationStatus c={c} />
        </div>
      </Td>
      <Td label="Visible">
        <Switch
          checked={c.isVisible}
          disabled={c.approvalStatus !== 'approved' || busy}
          onCheckedChange={(on) => onVisible(c, on)}
          aria-label={`Visible in the directory: ${c.name}`}
          title={c.approvalStatus === 'approved' ? undefined : 'Only approved contractors can be listed'}
        />
      </Td>
      <Td label="Actions">
        <div className="flex flex-wrap gap-2">
          {c.approvalStatus === 'pending' && (
            <>
              <DecisionButton decision="Approve" subject={c.name} disabled={busy} onClick={() => onApprove(c)} />
              <DecisionButton
                decision="Reject"
                subject={c.name}
                className="text-destructive"
                disabled={busy}
                onClick={() => onReject(c)}
              />
            </>
          )}
          {c.approvalStatus === 'rejected' && (
            <DecisionButton decision="Reconsider" subject={c.name} disabled={busy} onClick={() => onApprove(c)} />
          )}
          {c.approvalStatus === 'approved' && (
            <div className="flex flex-col items-start gap-1">
              <VerifyButton c={c} busy={busy} onVerify={onVerify} />
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => onSetupCode(c)}
                aria-label={`Send Setup Code to ${c.name}`}
                icon={KeyRound}
              >
                Send Setup Code
              </Button>
              {c.account && (
                <span className="text-xs text-muted-foreground">
                  {c.account.setupComplete ? 'Account set up' : 'Awaiting account setup'}
                </span>
              )}
            </div>
          )}
          {CONTRACTOR_PAGES.map((p) => (
            <Button key={p.path} asChild size="sm" variant="ghost">
              <Link href={`/admin/contractors/${c.id}/${p.path}`} aria-label={p.name(c.name)}>
                <p.icon className="h-4 w-4" aria-hidden="true" />
                {p.label}
              </Link>
            </Button>
          ))}
        </div>
      </Td>
    </Tr>
  );
}

export default function ContractorsPage() {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), SEARCH_DELAY_MS);
  const [status, setStatus] = useState<ContractorFilter>('all');
  const query = useContractors(contractorsKey(status, search));
  const approval = useSetApproval();
  const visibility = useSetVisibility();
  const setupCode = useSendSetupCode();
  const verification = useSetVerification();
  const [rejecting, setRejecting] = useState<AdminContractor | null>(null);
  const [approving, setApproving] = useState<AdminContractor | null>(null);

  const busyId =
    (approval.isPending ? approval.variables?.id : undefined) ??
    (visibility.isPending ? visibility.variables?.id : undefined) ??
    (setupCode.isPending ? setupCode.variables : undefined) ??
    (verification.isPending ? verification.variables?.id : undefined) ??
    null;

  // The dialogs send through this and say its failure themselves, so the server's field errors reach their fields.
  const setApproval = async (
    c: AdminContractor,
    next: 'approved' | 'rejected',
    { rejectionReason, verified, dates }: { rejectionReason?: string; verified?: boolean; dates?: CheckedDates } = {},
  ) => {
    await approval.mutateAsync({ id: c.id, status: next, rejectionReason, verified, dates });
    setRejecting(null);
    setApproving(null);
    toast({ title: 'Success', description: 'Contractor status updated successfully' });
  };

  const handlers: RowHandlers = {
    busyId,
    onApprove: (c) => setApproving(c),
    onReject: (c) => setRejecting(c),
    onVisible: (c, isVisible) =>
      visibility.mutate(
        { id: c.id, isVisible },
        {
          onSuccess: () =>
            toast({
              title: isVisible ? 'Listed' : 'Hidden',
              description: isVisible
                ? `${c.name} is shown in the directory.`
                : `${c.name} is hidden from the directory.`,
            }),
          onError: (e) => toastError(e, 'Failed to update visibility'),
        },
      ),
    onSetupCode: (c) =>
      setupCode.mutate(c.id, {
        onSuccess: (res) => toast({ title: 'Setup Code Sent', description: res.message }),
        onError: (e) => toastError(e, 'Failed to send setup code'),
      }),
    onVerify: (c, verified) =>
      verification.mutate(
        { id: c.id, verified },
        {
          onSuccess: () =>
            toast(
              verified
                ? { title: 'Verified', description: `${c.name} is shown as Verified Licensed.` }
                : { title: 'Verification Withdrawn', description: `${c.name} is no longer shown as verified.` },
            ),
          onError: (e) => toastError(e, 'Failed to update verification'),
        },
      ),
  };

  const data = query.data;
  return (
    <>
      <PageHeader
        title="Contractor Management"
        description="Review applications, approve or reject them, and choose who is listed in the directory."
        path="/admin/contractors"
        actions={
          <>
            {/* Contractors' edits of their listings wait for review there (docs/decisions/0111-listing-edits.md). */}
            <Button asChild variant="outline" size="sm">
              <Link href="/admin/listing-changes">
                <FilePenLine className="h-4 w-4" aria-hidden="true" />
                Listing changes
              </Link>
            </Button>
            {/* Their photos too (docs/decisions/0112-photos-on-the-public-site.md): a header link would push it past 1280 pixels. */}
            <Button asChild variant="outline" size="sm">
              <Link href="/admin/photos">
                <Images className="h-4 w-4" aria-hidden="true" />
                Photos
              </Link>
            </Button>
          </>
        }
      />
      <div className="mb-4 grid gap-1.5 sm:max-w-md">
        <Label htmlFor="contractor-search" className="sr-only">
          Search contractors
        </Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="contractor-search"
            type="search"
            className="pl-9"
            placeholder="Search by name, location or service..."
            value={input}
            onChange={(e) => setInput(e.target.value)}
            maxLength={100}
          />
        </div>
      </div>
      <Tabs value={status} onValueChange={(v) => setStatus(v as ContractorFilter)}>
        <TabsList aria-label="Approval status" className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {data ? `${t.label} (${data.counts[t.value]})` : t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <AdminList
              query={query}
              what="contractors"
              label="Contractors"
              columns={COLUMNS}
              items={(d) => d.contractors}
              itemKey={(c) => c.id}
              empty={search ? `No contractors match "${search}".` : 'No contractors here.'}
              row={(c) => <ContractorRow c={c} {...handlers} />}
            />
          </TabsContent>
        ))}
      </Tabs>
      <RejectDialog
        kind={APPLICATION_REJECTION}
        subject={rejecting}
        description={
          rejecting
            ? `${rejecting.name} will not be listed. The reason is shown with the application and can be reconsidered later.`
            : ''
        }
        pending={approval.isPending}
        onOpenChange={(open) => !open && setRejecting(null)}
        onConfirm={async (reason) => rejecting && setApproval(rejecting, 'rejected', { rejectionReason: reason })}
      />
      <ApproveDialog
        contractor={approving}
        pending={approval.isPending}
        onOpenChange={(open) => !open && setApproving(null)}
        onConfirm={async (verified, dates) => approving && setApproval(approving, 'approved', { verified, dates })}
      />
    </>
  );
}
