import { and, eq, lt, sql } from 'drizzle-orm';
import session from 'express-session';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { trackWork } from './async-handler';

type Callback<T = void> = (err?: unknown, value?: T) => void;

function expiryOf(sess: session.SessionData): Date {
  const cookieExpiry = sess.cookie?.expires ? new Date(sess.cookie.expires) : new Date(Date.now() + 30 * 60_000);
  return sess.absoluteExpiresAt ? new Date(Math.min(cookieExpiry.getTime(), sess.absoluteExpiresAt)) : cookieExpiry;
}

/** A touch that would move the stored expiry by less than this is skipped. */
const TOUCH_STEP_MS = 60_000;
/** Bounds `readExpiry` should requests read sessions and never end (a touch or set removes their entry). */
const READ_EXPIRY_MAX = 10_000;

/** Sessions in the database (docs/decisions/0008-accounts-and-sessions.md), with owner columns so a user's sessions can be ended. */
export class DbSessionStore extends session.Store {
  private readonly db: Database['db'];
  /**
   * The expiry each session had when this request read it, until its touch: a touch that would
   * move it by less than a minute then costs no round trip at all. Only the request's own read is
   * kept, never shared across requests, so another process's writes are never missed.
   */
  private readonly readExpiry = new Map<string, number>();

  constructor(private readonly database: Pick<Database, 'db' | 'prepared'>) {
    super();
    this.db = database.db;
  }

  /** Prepared once: a signed-in request reads its session before anything else. */
  private readStatement() {
    return this.database.prepared('session_read', (db) =>
      db
        .select({ data: sessions.data, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.sid, sql.placeholder('sid')))
        .prepare('session_read'),
    );
  }

  private touchStatement() {
    return this.database.prepared('session_touch', (db) =>
      db
        .update(sessions)
        .set({ expiresAt: sql`${sql.placeholder('expiresAt')}::timestamptz` })
        .where(
          and(
            eq(sessions.sid, sql.placeholder('sid')),
            lt(sessions.expiresAt, sql`${sql.placeholder('movedBefore')}::timestamptz`),
          ),
        )
        .prepare('session_touch'),
    );
  }

  override get(sid: string, cb: Callback<session.SessionData | null>) {
    trackWork(
      this.readStatement()
        .execute({ sid })
        .then(([row]) => {
          const live = row !== undefined && row.expiresAt.getTime() > Date.now();
          if (live) {
            if (this.readExpiry.size >= READ_EXPIRY_MAX) this.readExpiry.clear();
            this.readExpiry.set(sid, row.expiresAt.getTime());
          }
          cb(undefined, live ? (row.data as session.SessionData) : null);
        }, cb),
    );
  }

  override set(sid: string, sess: session.SessionData, cb?: Callback) {
    this.readExpiry.delete(sid);
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
    this.readExpiry.delete(sid);
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

  /**
   * Moves the idle expiry; skipped when it moved less than a minute ago, to spare a write per
   * request: without a round trip when this request's read saw it (readExpiry), else by the
   * update's own condition.
   */
  override touch(sid: string, sess: session.SessionData, cb?: Callback) {
    const expiresAt = expiryOf(sess);
    const movedBefore = new Date(expiresAt.getTime() - TOUCH_STEP_MS);
    const read = this.readExpiry.get(sid);
    this.readExpiry.delete(sid);
    if (read !== undefined && read >= movedBefore.getTime()) {
      cb?.();
      return;
    }
    // Runs as the response ends, after its handler: tracked so shutdown waits for it.
    trackWork(
      this.touchStatement()
        .execute({ sid, expiresAt: expiresAt.toISOString(), movedBefore: movedBefore.toISOString() })
        .then(
          () => cb?.(),
          (e) => cb?.(e),
        ),
    );
  }

  /**
   * Removes expired rows; called now and then. Expiry is on the real clock (express-session's cookie
   * times, not ctx.clock) and shared by every process on the database, so the database's now().
   */
  async prune(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  }
}
