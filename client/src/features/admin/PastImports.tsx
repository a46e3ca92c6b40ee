import { Check, FileUp, Mail } from 'lucide-react';
import { importCountsText, type ImportSummary } from '@shared/contractor-import';
import { EmptyState } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, plural } from '@/lib/format';
import { useRegion } from '@/lib/region';
import { AdminList } from './components/AdminList';
import { Td, Tr } from './components/table';
import { useImports, useInviteImport } from './imports-api';
import { toastError } from '@/components/ui/toast-problem';
import { AdminSection } from './components/AdminSection';

/** 'Invite to claim': each approved, unclaimed business with an address gets its next invitation, sent slowly. */
function InviteButton({ summary, busy }: { summary: ImportSummary; busy: boolean }) {
  const invite = useInviteImport();
  const send = () =>
    invite.mutate(summary.id, {
      onSuccess: ({ queued }) =>
        toast({
          title: queued ? 'Invitations on their way' : 'Nobody to invite now',
          description: queued
            ? `${plural(queued, 'business')} will be invited to claim their listings, one every 30 seconds.`
            : 'Every approved business of this import with an email address was invited in the last 7 days, has had its three emails, opted out or claimed its listing.',
        }),
      onError: (e) => toastError(e, 'The invitations were not sent.'),
    });
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={busy || invite.isPending}
      onClick={send}
      aria-label={`Invite the businesses of ${summary.fileName} to claim their listings`}
      icon={Mail}
    >
      Invite to claim
    </Button>
  );
}

export function PastImports({ busy, onApprove }: { busy: boolean; onApprove: (summary: ImportSummary) => void }) {
  const query = useImports();
  const { timeZone } = useRegion();
  return (
    <AdminSection id="past-imports" title="Past imports" className="mt-10" headingClassName="mb-3 text-xl">
      <AdminList
        query={query}
        what="past imports"
        label="Past imports"
        columns={[
          { name: 'File' },
          { name: 'Imported' },
          { name: 'Rows' },
          { name: 'Waiting for approval' },
          { name: 'Actions' },
        ]}
        items={(d) => d}
        itemKey={(i) => i.id}
        count={(d) => `${plural(d.length, 'import')}, newest first`}
        empty={
          <EmptyState icon={<FileUp className="h-8 w-8" aria-hidden="true" />}>
            <p>No contractor lists have been imported yet.</p>
          </EmptyState>
        }
        row={(i) => (
          <Tr data-testid="past-import">
            <Td className="min-w-[12rem]">
              <p className="font-semibold [overflow-wrap:anywhere]">{i.fileName}</p>
              <p className="text-xs text-muted-foreground">{i.countyName}</p>
            </Td>
            <Td label="Imported" className="whitespace-nowrap">
              <span className="block">{formatDateTime(i.createdAt, timeZone)}</span>
              <span className="block text-xs text-muted-foreground">{`by ${i.importedBy}`}</span>
            </Td>
            <Td label="Rows">
              <span className="block">{plural(i.rowCount, 'row')}</span>
              <span className="block text-xs text-muted-foreground">
                {importCountsText({
                  new: i.createdCount,
                  update: i.updatedCount,
                  duplicate: i.duplicateCount,
                  error: i.errorCount,
                })}
              </span>
            </Td>
            <Td label="Waiting" className="tabular-nums">
              {i.pendingCount}
            </Td>
            <Td label="Actions" className="flex flex-wrap gap-2">
              {i.createdCount > 0 && <InviteButton summary={i} busy={busy} />}
              {i.pendingCount > 0 ? (
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() => onApprove(i)}
                  aria-label={`Approve all ${plural(i.pendingCount, 'listing')} of ${i.fileName}`}
                  icon={Check}
                >
                  {`Approve all ${i.pendingCount}`}
                </Button>
              ) : (
                <span className="text-sm text-muted-foreground">Nothing waiting</span>
              )}
            </Td>
          </Tr>
        )}
      />
    </AdminSection>
  );
}
