import { apiRequest } from '@/lib/api';

export const subscribe = (body: { email: string } & Record<string, string>) =>
  apiRequest<{ message: string }>('POST', '/api/newsletter', body);
