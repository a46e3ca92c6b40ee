import { Check, Download, FileUp, RotateCcw, Upload } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importCountsText,
  importErrorsCsv,
  type ImportAnswer,
  type ImportMapping,
  type ImportProgress,
} from '@shared/contractor-import';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { describedBy, Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { plural } from '@/lib/format';
import { useRegion } from '@/lib/region';
import { useAdminCounty, useAdminSession, workingCounty } from './api';
import { PageHeader } from './components/PageHeader';
import { useApproveImport, useCommitImport, useImports, usePreviewImport } from './imports-api';
import { MappingEditor, mappingErrors, sameMapping } from './import-mapping';
import { RowsTable } from './import-rows';
import { PastImports } from './PastImports';
import { toastError } from '@/components/ui/toast-problem';

/**
 * /admin/imports: a county's contractor list from a CSV or .xlsx file
 * (docs/decisions/0130-contractor-import.md). The administrator chooses the county and the file and
 * previews what each row would become (new, an update of a listing an earlier import made, a
 * duplicate, or an error with its reason), may change which column holds which field and preview
 * again, then imports: the new listings wait for approval, all of an import at once if wished.
 * The browser keeps the file between the preview and the commit and sends it again.
 */

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Busy = 'preview' | 'commit' | 'approve' | null;
const BUSY_TEXT: Record<Exclude<Busy, null>, string> = {
  preview: 'Reading the file...',
  commit: 'Importing...',
  approve: 'Approving...',
};

const written = (a: Pick<ImportAnswer, 'counts'>) => a.counts.new + a.counts.update;

/** 'registry-sept.xlsx' -> 'registry-sept-errors.csv'. */
function errorsFileName(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '-') || 'import';
  return `${stem}-errors.csv`;
}

/** Saves text as a file through a link the browser downloads. */
function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A failed request's words, with the server's field errors (a mapping it refused) after them. */
function problemOf(error: unknown, fallback: string): string {
  const message = messageOf(error, fallback);
  const fields = error instanceof ApiError ? Object.values(error.fieldErrors).filter((m) => m !== message) : [];
  return [message, ...fields].join(' ');
}

export default function ImportsPage() {
  const session = useAdminSession();
  const region = useRegion();
  const counties = session.state === 'authenticated' ? session.counties : [];
  const current = workingCounty(session, region.slug);
  const defaultCounty =
    counties.find((c) => c.id === current)?.slug ?? (counties.length === 1 ? counties[0]!.slug : '');

  const [chosenCounty, setChosenCounty] = useState<string | null>(null);
  const county = chosenCounty ?? defaultCounty;
  const countyRow = counties.find((c) => c.slug === county);
  const countyAnswer = useAdminCounty(countyRow?.id ?? null).data;
  const townLabel = (slug: string) => countyAnswer?.towns.find((t) => t.slug === slug)?.label ?? slug;

  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [fieldErrors, setFieldErrors] = useState<{ county?: string; file?: string }>({});
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [draft, setDraft] = useState<ImportMapping | null>(null);
  const [status, setStatus] = useState('');
  /** Rows so far of the file going through now (null: none yet). */
  const [rowsSoFar, setRowsSoFar] = useState<number | null>(null);
  const onProgress = (p: ImportProgress) => setRowsSoFar(p.rows);
  const [problem, setProblem] = useState<{ title: string; description: string } | null>(null);
  const [approvedImports, setApprovedImports] = useState<ReadonlySet<number>>(new Set());
  const countyRef = useRef<HTMLSelectElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const previewing = usePreviewImport();
  const committing = useCommitImport();
  const approving = useApproveImport();
  const imports = useImports();
  const busy: Busy = previewing.isPending
    ? 'preview'
    : committing.isPending
      ? 'commit'
      : approving.isPending
        ? 'approve'
        : null;

  const committed = answer !== null && answer.importId !== null;
  const mapping = draft ?? answer?.mapping ?? null;
  const mappingChanged = answer !== null && draft !== null && !sameMapping(draft, answer.mapping);
  const draftErrors = draft ? mappingErrors(draft) : {};
  const countyName = (slug: string) => counties.find((c) => c.slug === slug)?.name ?? slug;

  /** A changed county or file makes the preview stale: it goes, and the next one starts afresh. */
  const forgetAnswer = () => {
    setAnswer(null);
    setDraft(null);
    setProblem(null);
    setStatus('');
  };

  const preview = async (withMapping?: ImportMapping) => {
    const errors = {
      county: county ? undefined : 'Choose the county to import into',
      file: !file
        ? 'Choose a CSV or .xlsx file to import'
        : file.size > IMPORT_MAX_BYTES
          ? `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`
          : undefined,
    };
    setFieldErrors(errors);
    if (errors.county || errors.file || !file) {
      (errors.county ? countyRef : fileRef).current?.focus();
      return;
    }
    setProblem(null);
    setStatus('');
    try {
      setRowsSoFar(null);
      const next = await previewing.mutateAsync({ file, county, mapping: withMapping, onProgress });
      setAnswer(next);
      setDraft(null);
      setStatus(`Preview ready: ${importCountsText(next.counts)}. Nothing is saved until you import.`);
    } catch (e) {
      setProblem({ title: 'The file could not be previewed', description: problemOf(e, 'Please try again.') });
    }
  };

  const commit = async () => {
    if (!answer || !file) return;
    setProblem(null);
    setStatus('');
    try {
      // The mapping the preview used: what was shown is what is written.
      setRowsSoFar(null);
      const done = await committing.mutateAsync({ file, county: answer.county, mapping: answer.mapping, onProgress });
      setAnswer(done);
      setDraft(null);
      setStatus(
        `Imported ${plural(written(done), 'listing')} into ${countyName(done.county)}: ${importCountsText(done.counts)}. New listings wait for approval.`,
      );
    } catch (e) {
      setProblem({ title: 'The import failed', description: problemOf(e, 'Please try again.') });
    }
  };

  /** Approves an import's waiting listings; says how many, or throws. */
  const approve = async (id: number, fileName: string): Promise<string> => {
    const { approved } = await approving.mutateAsync(id);
    setApprovedImports((s) => new Set(s).add(id));
    return approved === 0
      ? `No listing of ${fileName} was waiting for approval.`
      : `${plural(approved, 'listing')} of ${fileName} approved: listed in the directory now.`;
  };

  const approveThisImport = async (id: number, fileName: string) => {
    setProblem(null);
    setStatus('');
    try {
      setStatus(await approve(id, fileName));
    } catch (e) {
      setProblem({ title: 'The listings were not approved', description: problemOf(e, 'Please try again.') });
    }
  };

  const startAgain = () => {
    setFile(null);
    setFileInputKey((k) => k + 1);
    setDraft(null);
    forgetAnswer();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void preview(draft ?? undefined);
  };

  const summary = committed ? imports.data?.find((i) => i.id === answer.importId) : undefined;
  const waiting =
    committed && !approvedImports.has(answer.importId!) ? (summary?.pendingCount ?? answer.counts.new) : 0;

  return (
    <>
      <PageHeader
        title="Import contractors"
        description="Bring a county's contractor list in from a CSV or .xlsx file, such as the state registry's export: preview what each row becomes, then import. Imported listings wait for approval."
        path="/admin/imports"
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/admin/contractors">All contractors</Link>
          </Button>
        }
      />
      <Card className="mb-4">
        <CardContent className="p-5">
          <form
            onSubmit={onSubmit}
            noValidate
            aria-label="Contractor list"
            className="grid gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto] md:items-start"
          >
            <Field id="import-county" label="County to import into" error={fieldErrors.county}>
              <NativeSelect
                id="import-county"
                ref={countyRef}
                value={county}
                disabled={busy !== null}
                onChange={(e) => {
                  setChosenCounty(e.target.value);
                  setFieldErrors((f) => ({ ...f, county: undefined }));
                  forgetAnswer();
                }}
                {...describedBy('import-county', fieldErrors.county)}
              >
                {!county && <option value="">Choose a county</option>}
                {counties.map((c) => (
                  <option key={c.id} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field
              id="import-file"
              label="Contractor list (CSV or .xlsx)"
              error={fieldErrors.file}
              hint={`A header row, then a row per business; at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`}
            >
              <Input
                key={fileInputKey}
                id="import-file"
                ref={fileRef}
                type="file"
                accept={ACCEPT}
                className="py-1.5"
                disabled={busy !== null}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setFieldErrors((f) => ({ ...f, file: undefined }));
                  setDraft(null);
                  forgetAnswer();
                }}
                {...describedBy('import-file', fieldErrors.file)}
              />
            </Field>
            <Button type="submit" disabled={busy !== null} className="md:mt-[1.375rem]" icon={Upload}>
              {busy === 'preview' ? 'Reading...' : 'Preview'}
            </Button>
          </form>
        </CardContent>
      </Card>

      <div
        role="status"
        aria-live="polite"
        data-testid="import-status"
        className="mb-4 flex min-h-[1.5rem] items-center gap-2 text-sm font-medium"
      >
        {busy && (
          <span
            className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-primary border-t-transparent"
            aria-hidden="true"
          />
        )}
        {busy ? BUSY_TEXT[busy] : status}
        {busy && rowsSoFar !== null && (busy === 'preview' || busy === 'commit') && (
          <span data-testid="import-progress" className="flex items-center gap-2 font-normal">
            {`${rowsSoFar.toLocaleString('en-US')} rows so far`}
            <progress aria-label="Rows so far" className="h-2 w-24" />
          </span>
        )}
      </div>
      {problem && (
        <FormNotice variant="destructive" title={problem.title} description={problem.description} className="mb-4" />
      )}

      {answer && mapping && (
        <section aria-labelledby="import-result">
          <Card aria-busy={busy !== null} data-testid="import-result">
            <CardContent className="grid gap-5 p-5">
              <div className="grid gap-1">
                <h2 id="import-result" className="text-xl font-semibold [overflow-wrap:anywhere]">
                  {committed ? `Imported ${answer.fileName}` : `Preview of ${answer.fileName}`}
                </h2>
                <p className="text-sm text-muted-foreground">
                  {`${countyName(answer.county)}, ${plural(answer.rowCount, 'row')}`}
                </p>
                <p className="text-lg font-semibold" data-testid="import-counts">
                  {importCountsText(answer.counts)}
                </p>
                <p className="text-sm text-muted-foreground">
                  {committed
                    ? 'New listings are hidden until approved. Approving lists them as unclaimed: no account is made and nothing is sent.'
                    : 'Nothing is saved yet. Valid rows are imported even when others fail; fix the errors and import the file again later.'}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {!committed && (
                  <Button
                    disabled={busy !== null || mappingChanged || written(answer) === 0}
                    onClick={() => void commit()}
                    icon={FileUp}
                  >
                    {busy === 'commit' ? 'Importing...' : `Import ${plural(written(answer), 'listing')}`}
                  </Button>
                )}
                {committed && waiting > 0 && (
                  <Button
                    disabled={busy !== null}
                    onClick={() => void approveThisImport(answer.importId!, answer.fileName)}
                    icon={Check}
                  >
                    {`Approve all ${plural(waiting, 'listing')} of this import`}
                  </Button>
                )}
                {answer.counts.error > 0 && (
                  <Button
                    variant="outline"
                    disabled={busy !== null}
                    onClick={() => downloadText(importErrorsCsv(answer), errorsFileName(answer.fileName))}
                    icon={Download}
                  >
                    Download errors (CSV)
                  </Button>
                )}
                {committed && (
                  <Button variant="outline" disabled={busy !== null} onClick={startAgain} icon={RotateCcw}>
                    Import another file
                  </Button>
                )}
              </div>
              {!committed && mappingChanged && (
                <p className="text-sm text-muted-foreground">Preview again to import with the columns as changed.</p>
              )}
              {!committed && (
                <MappingEditor
                  headers={answer.headers}
                  mapping={mapping}
                  onChange={setDraft}
                  errors={draftErrors}
                  disabled={busy !== null}
                  footer={
                    <div>
                      <Button
                        type="button"
                        variant="outline"
                        disabled={busy !== null || Object.keys(draftErrors).length > 0}
                        onClick={() => void preview(mapping)}
                        icon={RotateCcw}
                      >
                        Preview again
                      </Button>
                    </div>
                  }
                />
              )}
              <RowsTable
                key={`${answer.importId ?? 'preview'}-${answer.fileName}`}
                answer={answer}
                townLabel={townLabel}
              />
            </CardContent>
          </Card>
        </section>
      )}

      <PastImports
        busy={busy !== null}
        onApprove={(i) =>
          void approve(i.id, i.fileName).then(
            (said) => toast({ title: 'Listings approved', description: said }),
            (e: unknown) => toastError(e, 'The listings were not approved. Please try again.'),
          )
        }
      />
    </>
  );
}
