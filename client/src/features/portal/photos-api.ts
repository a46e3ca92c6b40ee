import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnPhoto, OwnPhotoList } from '@shared/schemas/photos';
import { apiFormUpload, apiRequest, type ApiKey } from '@/lib/api';

/** The contractor's own logo and project photos with their review status (docs/decisions/0110-contractor-photos.md). */

export const ownPhotosKey: ApiKey = ['/api/contractor/photos'];

export const useOwnPhotos = () => useQuery<OwnPhotoList>({ queryKey: ownPhotosKey });

function useRefreshing<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ownPhotosKey }) });
}

/** The form's fields and file as the browser would send them: `photo`, `kind`, `caption`. */
export const useUploadPhoto = () =>
  useRefreshing((form: FormData) => apiFormUpload<OwnPhoto>('/api/contractor/photos', form));

export const useUpdateCaption = () =>
  useRefreshing((input: { id: number; caption: string }) =>
    apiRequest<OwnPhoto>('PATCH', `/api/contractor/photos/${input.id}`, { caption: input.caption }),
  );

export const useDeletePhoto = () =>
  useRefreshing((id: number) => apiRequest<void>('DELETE', `/api/contractor/photos/${id}`));
