import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<{ message: string }>('POST', '/api/newsletter/unsubscribe', { token }),
  });
}
