import { useId, useState } from 'react';
import type { ImportAnswer, ImportOutcomeKind, ImportRowOutcome } from '@shared/contractor-import';
import { Badge } from '@/components/ui/badge';
import { LabelledCheckbox } from '@/components/ui/native-select';
import { plural } from '@/lib/format';
import { TableRegion, Td, Th, Tr } from './components/table';

/** The preview's rows and what became of each (docs/decisions/0130-contractor-import.md). */

/** Rows shown at once: a registry export can run to thousands. */
const MAX_SHOWN = 200;

const OUTCOME_LABELS: Record<ImportOutcomeKind, string> = {
  new: 'New',
  update: 'Update',
  duplicate: 'Duplicate',
  error: 'Error',
};
const OUTCOME_BADGES = {
  new: 'success',
  update: 'secondary',
  duplicate: 'outline',
  error: 'destructive',
} as const satisfies Record<ImportOutcomeKind, string>;

/** What a row's outcome adds to its word: 'of #12', 'of row 2', the error's reason. */
function outcomeDetail(r: ImportRowOutcome): string | null {
  switch (r.outcome) {
    case 'new':
      return r.listingId ? `listing #${r.listingId}` : null;
    case 'update':
      return r.listingId ? `of #${r.listingId}` : null;
    case 'duplicate':
      if (r.duplicateOfRow) return `of row ${r.duplicateOfRow}`;
      return r.listingId ? `of listing #${r.listingId}` : null;
    case 'error':
      return r.error ?? null;
  }
}

function OutcomeCell({ row }: { row: ImportRowOutcome }) {
  const detail = outcomeDetail(row);
  return (
    <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <Badge variant={OUTCOME_BADGES[row.outcome]}>{OUTCOME_LABELS[row.outcome]}</Badge>
      {/* A space in the text too, so the outcome reads and copies as 'Duplicate of row 2'. */}
      {detail && ' '}
      {detail && <span className={row.outcome === 'error' ? 'text-destructive' : undefined}>{detail}</span>}
    </span>
  );
}

/** Every row's outcome, at most MAX_SHOWN of them, or only the errors. */
export function RowsTable({ answer, townLabel }: { answer: ImportAnswer; townLabel: (slug: string) => string }) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const id = useId();
  const rows = onlyErrors ? answer.rows.filter((r) => r.outcome === 'error') : answer.rows;
  const shown = rows.slice(0, MAX_SHOWN);
  const which = onlyErrors
    ? plural(rows.length, 'row with an error', 'rows with an error')
    : plural(rows.length, 'row');
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-base font-semibold">Rows</h3>
        <LabelledCheckbox
          id={`${id}-errors`}
          label="Show only errors"
          checked={onlyErrors}
          disabled={answer.counts.error === 0}
          onChange={(e) => setOnlyErrors(e.target.checked)}
        />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="import-rows-shown">
        {shown.length < rows.length
          ? `Showing the first ${shown.length} of ${which}. Download the errors or show only errors to see the rest.`
          : which}
      </p>
      <TableRegion label="Rows of the file">
        <thead>
          <tr>
            <Th className="w-16">Row</Th>
            <Th>Business name</Th>
            <Th>Town</Th>
            <Th>Outcome</Th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <Tr key={r.row} data-testid="import-row">
              <Td label="Row" className="whitespace-nowrap tabular-nums">
                {r.row}
              </Td>
              <Td className="min-w-[12rem] font-medium">
                {r.name || <span className="text-muted-foreground">(no name)</span>}
              </Td>
              <Td label="Town" className="whitespace-nowrap">
                {r.town ? townLabel(r.town) : <span className="text-muted-foreground">-</span>}
              </Td>
              <Td label="Outcome" className="min-w-[14rem]">
                <OutcomeCell row={r} />
              </Td>
            </Tr>
          ))}
        </tbody>
      </TableRegion>
    </div>
  );
}
