import { contractorLoginSchema } from '@shared/schemas/contractor-auth';
import type { AppContext } from '../../context';
import { passwordSignIn, type SignInStep } from '../../http/auth';
import { forbidden, unauthenticated } from '../../domain/errors';
import { recordContractorLogin, verifyContractorLogin } from '../contractor-auth';

export const SETUP_REQUIRED_MESSAGE = 'Account setup required: use the setup code from your welcome email';

/**
 * A contractor's sign-in to the portal, taken by the JSON API and by the sign-in page posted
 * without JavaScript alike (docs/decisions/0124-sign-in-without-javascript.md).
 */
export function contractorSignIn(ctx: AppContext): SignInStep<{ message: string }> {
  return passwordSignIn(ctx, {
    kind: 'contractor',
    schema: contractorLoginSchema,
    message: 'Please enter your email and password',
    account: (input) => input.email,
    verify: async ({ email, password }) => {
      const result = await verifyContractorLogin(ctx, email, password);
      // 'Setup required' counts as a failure too: it tells an account exists, so probing it is throttled.
      if (!result.ok)
        throw result.reason === 'setup-required'
          ? forbidden(SETUP_REQUIRED_MESSAGE)
          : unauthenticated('Invalid credentials');
      return {
        user: {
          kind: 'contractor',
          contractorId: result.contractorId,
          accountId: result.accountId,
          generation: result.generation,
        },
        recordSignIn: () => recordContractorLogin(ctx, result.accountId),
        answer: { message: 'Login successful' },
      };
    },
  });
}
