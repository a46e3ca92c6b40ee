import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportAnswer, ImportMapping, ImportProgress, ImportSummary } from '@shared/contractor-import';
import { apiFormUpload, apiRequest, type ApiKey } from '@/lib/api';
import { invalidatePaths } from './api';

/**
 * A county's contractor list brought in (docs/decisions/0130-contractor-import.md): the preview and
 * the commit send the same file, county and mapping as multipart/form-data (the browser keeps the
 * file between the two, so any app process answers either); the list of past imports and 'approve
 * all' of one are JSON.
 */

export const importsKey: ApiKey = ['/api/admin/imports'];

/** The field the server reads the file from (server/contractors/routes/contractor-imports.ts). */
const FILE_FIELD = 'file';

export interface ImportInput {
  file: File;
  county: string;
  /** The administrator's mapping; without it the server maps the file's headers itself. */
  mapping?: ImportMapping;
  /** Rows read or written so far, told per batch while a big file goes through. */
  onProgress?: (progress: ImportProgress) => void;
}

function importForm({ file, county, mapping }: ImportInput): FormData {
  const body = new FormData();
  body.set('county', county);
  if (mapping) body.set('mapping', JSON.stringify(mapping));
  body.set(FILE_FIELD, file, file.name);
  return body;
}

export const useImports = () => useQuery<ImportSummary[]>({ queryKey: importsKey });

/** What each row would become; writes nothing. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (input: ImportInput) =>
      apiFormUpload<ImportAnswer, ImportProgress>('/api/admin/imports/preview', importForm(input), input.onProgress),
  });
}

/** Writes the new and updated listings (pending, hidden): the admin's lists and the imports are read again. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) =>
      apiFormUpload<ImportAnswer, ImportProgress>('/api/admin/imports', importForm(input), input.onProgress),
    onSettled: () =>
      void invalidatePaths(queryClient, '/api/admin/imports', '/api/admin/contractors', '/api/admin/stats'),
  });
}

/** Lists every listing of an import still waiting: the public directory changes too. */
export function useApproveImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ approved: number }>('POST', `/api/admin/imports/${id}/approve`),
    onSettled: () =>
      void invalidatePaths(
        queryClient,
        '/api/admin/imports',
        '/api/admin/contractors',
        '/api/admin/stats',
        '/api/contractors',
      ),
  });
}

/** Queues invitations to claim for the import's approved, unclaimed businesses with an address (docs/decisions/0132-claim-invitations.md). */
export function useInviteImport() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ queued: number }>('POST', `/api/admin/imports/${id}/invite`),
  });
}
