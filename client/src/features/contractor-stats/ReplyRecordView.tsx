import type { ReplyRecord } from '@shared/schemas/contractor-stats';
import { formatShortDate } from '@/lib/format';
import { duration } from './format';

const SAID = { contacted: 'Contacted', not_contacted: 'Never contacted' } as const;

/**
 * The reply record as the profile shows it, with the leads behind it
 * (docs/decisions/0128-request-page-and-replies.md): the contractor can check every figure.
 */
export function ReplyRecordView({ record }: { record: ReplyRecord }) {
  return (
    <section className="grid gap-3" aria-labelledby="reply-record-title" data-testid="reply-record-stats">
      <h3 id="reply-record-title" className="text-base font-semibold">
        Your reply record (last 90 days)
      </h3>
      <p className="text-sm">
        {record.replies
          ? `Your profile says: “${record.replies}”.`
          : 'Your profile shows no reply time yet: it needs 3 leads, and a reply to at least half of them.'}
        {record.contacted &&
          ` ${record.contacted.yes} of ${record.contacted.of} homeowners who answered say you contacted them.`}
      </p>
      {record.leads.length > 0 && (
        <div
          role="region"
          aria-label="The leads behind your reply record"
          tabIndex={0}
          className="overflow-x-auto rounded-lg border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="bg-muted/60 text-left text-xs text-muted-foreground">
                <th scope="col" className="px-3 py-2">
                  Lead
                </th>
                <th scope="col" className="px-3 py-2">
                  You had the details
                </th>
                <th scope="col" className="px-3 py-2">
                  First reply or call
                </th>
                <th scope="col" className="px-3 py-2">
                  Daytime hours to it
                </th>
                <th scope="col" className="px-3 py-2">
                  The homeowner says
                </th>
              </tr>
            </thead>
            <tbody>
              {record.leads.map((l) => (
                <tr key={l.leadId} className="border-t">
                  <td className="px-3 py-2">{`#${l.leadId} ${l.serviceNeeded}`}</td>
                  <td className="px-3 py-2 tabular-nums">{formatShortDate(l.hadDetailsAt)}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {l.firstReplyAt ? formatShortDate(l.firstReplyAt) : 'No reply yet'}
                  </td>
                  <td className="px-3 py-2 tabular-nums">
                    {l.minutes === null
                      ? l.counted
                        ? 'Counted as no reply'
                        : 'Not counted yet'
                      : duration(l.minutes * 60)}
                  </td>
                  <td className="px-3 py-2">{l.homeownerSaid ? SAID[l.homeownerSaid] : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-xs text-muted-foreground">
        Hours count from 8 am to 8 pm Eastern, from the moment you had the homeowner&apos;s details to your first reply
        or &quot;Called them&quot;. A lead with no reply after a whole daytime day counts as slower than any reply. If a
        homeowner&apos;s answer is wrong, report the lead from My Leads while it can be reported (reason Other) and say
        what happened: an administrator reads it.
      </p>
    </section>
  );
}
