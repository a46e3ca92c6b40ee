import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPhoto, PhotoStatus } from '@shared/schemas/photos';
import { apiRequest, type ApiKey } from '@/lib/api';
import { invalidatePaths } from './api';

/** The photo review (docs/decisions/0110-contractor-photos.md): photos of the contractors serving the administrator's counties, oldest first. */

export const adminPhotosKey = (status: PhotoStatus): ApiKey => ['/api/admin/photos', { status }];

export const useAdminPhotos = (status: PhotoStatus) =>
  useQuery<AdminPhoto[]>({ queryKey: adminPhotosKey(status), placeholderData: keepPreviousData });

/** A decision changes what the public directory shows: the review lists and the directory are read again. */
export function useDecidePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; reject: { reason: string } | null }) =>
      input.reject
        ? apiRequest<AdminPhoto>('POST', `/api/admin/photos/${input.id}/reject`, input.reject)
        : apiRequest<AdminPhoto>('POST', `/api/admin/photos/${input.id}/approve`),
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/photos', '/api/contractors', '/api/gallery'),
  });
}
