import { and, eq, lt, sql } from 'drizzle-orm';
import session from 'express-session';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { trackWork } from './async-handler';

type Callback<T = void> = (err?: unknown, value?: T) => void;

function expiryOf(sess: session.SessionData): Date {
  const cookieExpiry = sess.cookie?.expires ? new Date(sess.cookie.expires) : new Date(Date.now() + 30 * 60_000);
  return sess.absoluteExpiresAt ? new Date(Math.min(cookieExpiry.getTime(), sess.absoluteExpiresAt)) : cookieExpiry;
}

/** Sessions in the database (docs/decisions/0008-accounts-and-sessions.md), with owner columns so a user's sessions can be ended. */
export class DbSessionStore extends session.Store {
  constructor(private readonly db: Db) {
    super();
  }

  override get(sid: string, cb: Callback<session.SessionData | null>) {
    trackWork(
      this.db
        .select({ data: sessions.data, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.sid, sid))
        .then(([row]) => cb(undefined, row && row.expiresAt.getTime() > Date.now() ? (row.data as session.SessionData) : null), cb),
    );
  }

  override set(sid: string, sess: session.SessionData, cb?: Callback) {
    const user = sess.user;
    const values = {
      data: sess,
      expiresAt: expiryOf(sess),
      adminUserId: user?.kind === 'admin' || user?.kind === 'admin-code' ? user.adminUserId : null,
      contractorId: user?.kind === 'contractor' ? user.contractorId : null,
    };
    trackWork(
      this.db
        .insert(sessions)
        .values({ sid, ...values })
        .onConflictDoUpdate({ target: sessions.sid, set: { ...values, updatedAt: new Date() } })
        .then(
          () => cb?.(),
          (e) => cb?.(e),
        ),
    );
  }

  override destroy(sid: string, cb?: Callback) {
    trackWork(
      this.db
        .delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(
          () => cb?.(),
          (e) => cb?.(e),
        ),
    );
  }

  /** Moves the idle expiry; skipped when it moved less than a minute ago, to spare a write per request. */
  override touch(sid: string, sess: session.SessionData, cb?: Callback) {
    const expiresAt = expiryOf(sess);
    // Runs as the response ends, after its handler: tracked so shutdown waits for it.
    trackWork(
      this.db
        .update(sessions)
        .set({ expiresAt })
        .where(and(eq(sessions.sid, sid), lt(sessions.expiresAt, new Date(expiresAt.getTime() - 60_000))))
        .then(
          () => cb?.(),
          (e) => cb?.(e),
        ),
    );
  }

  /** Removes expired rows; called now and then. */
  async prune(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  }
}
