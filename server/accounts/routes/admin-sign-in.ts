import { adminLoginSchema } from '@shared/schemas/admin';
import { secondStepSchema, type AdminLoginAnswer } from '@shared/schemas/admin-two-factor';
import type { AppContext } from '../../context';
import { adminTwoFactorRequired } from '../../env';
import { passwordSignIn, signIn, signOut, type SignInStep } from '../../http/auth';
import { unauthenticated } from '../../domain/errors';
import { LoginThrottle } from '../../http/login-throttle';
import { ABSOLUTE_TIMEOUT_MS, secureSignInGuard } from '../../http/session';
import { parseInput } from '../../http/validate';
import { loadAdminAccount } from '../../counties/admin-scope';
import { checkSecondStep, hasTwoFactor } from '../admin-two-factor';
import { recordAdminLogin, verifyAdmin } from '../admin-users';
import type { SealingKey } from '../totp';

/** How long the right password waits for its code: long enough to open the app, short enough not to be a session. */
const SECOND_STEP_MS = 10 * 60_000;

export interface AdminSignIn {
  /** The username and password; for an account with two-factor sign-in, a session waiting for its code. */
  password: SignInStep<AdminLoginAnswer>;
  /** The code from the app or a recovery code, after the password. */
  code: SignInStep<AdminLoginAnswer>;
}

/**
 * Administrators' sign-in (docs/decisions/0109-admin-two-factor.md): the password, then, for an
 * account with two-factor sign-in, a code from the app or a recovery code; only then is the session
 * an administrator's. Where it is required, an account without it is signed in to set it up and
 * can reach nothing else (the admin guard). Taken by the JSON API and by the sign-in page posted
 * without JavaScript alike (docs/decisions/0124-sign-in-without-javascript.md).
 */
export function adminSignIn(ctx: AppContext, key: SealingKey): AdminSignIn {
  const required = adminTwoFactorRequired(ctx.env);
  const password = passwordSignIn(ctx, {
    kind: 'admin',
    schema: adminLoginSchema,
    message: 'Please enter both username and password',
    account: (input) => input.username,
    verify: async ({ username, password }) => {
      const admin = await verifyAdmin(ctx, username, password);
      if (!admin) throw unauthenticated('Invalid credentials');
      const who = { adminUserId: admin.id, username: admin.username, generation: admin.sessionGeneration };
      if (await hasTwoFactor(ctx, key, admin.id)) {
        const answer: AdminLoginAnswer = {
          message: 'Enter the code from your authenticator app',
          username: admin.username,
          twoFactor: 'code',
        };
        return {
          user: { kind: 'admin-code', ...who },
          absoluteMs: SECOND_STEP_MS,
          recordSignIn: async () => {},
          answer,
        };
      }
      const answer: AdminLoginAnswer = {
        message: 'Login successful',
        username: admin.username,
        ...(required ? { twoFactor: 'enrol' as const } : {}),
      };
      return { user: { kind: 'admin', ...who }, recordSignIn: () => recordAdminLogin(ctx, admin.id), answer };
    },
  });

  // The second step, counted like sign-in failures but apart from them (docs/decisions/0036-sign-in-throttling.md).
  const codeThrottle = new LoginThrottle('admin-code', ctx.env.RATE_LIMIT !== false);
  const secureSignIn = secureSignInGuard(ctx.env, ctx.log);
  const code: SignInStep<AdminLoginAnswer> = async (req, body) => {
    const { code } = parseInput(
      secondStepSchema,
      body,
      'Enter the code from your authenticator app or a recovery code',
    );
    secureSignIn(req);
    const user = req.session?.user;
    if (user?.kind !== 'admin-code') throw unauthenticated('Please sign in with your username and password first');
    const attempt = await codeThrottle.attempt(req, user.username);
    const account = await loadAdminAccount(ctx, user.adminUserId);
    if (!account || account.sessionGeneration !== user.generation) {
      await signOut(req);
      throw unauthenticated('Please sign in again');
    }
    const used = await checkSecondStep(ctx, key, user.adminUserId, code);
    if (!used) throw unauthenticated('Invalid code');
    await attempt.succeeded();
    await signIn(
      req,
      { kind: 'admin', adminUserId: user.adminUserId, username: user.username, generation: user.generation },
      ABSOLUTE_TIMEOUT_MS,
    );
    await recordAdminLogin(ctx, user.adminUserId);
    return {
      message: used === 'recovery' ? 'Login successful. That recovery code is now used up.' : 'Login successful',
      username: user.username,
    };
  };
  return { password, code };
}
