import type { WithdrawAnswer, WithdrawRequest } from '@shared/schemas/lead-withdrawal';
import { apiRequest } from '@/lib/api';

/** POST /api/leads/withdraw: the confirmation email's link (docs/decisions/0114-homeowner-privacy.md). */
export const withdrawRequest = (body: WithdrawRequest) =>
  apiRequest<WithdrawAnswer>('POST', '/api/leads/withdraw', body);
