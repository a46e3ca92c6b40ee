import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LegalPageSlug } from '@shared/legal-pages';
import type { AdminLegalPageDto, LegalPageEdit } from '@shared/schemas/legal-pages';
import { apiRequest } from '@/lib/api';
import { invalidatePaths } from './api';

/** /privacy and /terms as written (docs/decisions/0114-homeowner-privacy.md): platform administrators only. */
export const useLegalPages = () => useQuery<AdminLegalPageDto[]>({ queryKey: ['/api/admin/legal-pages'] });

export function useSaveLegalPage(slug: LegalPageSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalPageEdit) => apiRequest<AdminLegalPageDto>('PUT', `/api/admin/legal-pages/${slug}`, body),
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/legal-pages', `/api/legal-pages/${slug}`),
  });
}
