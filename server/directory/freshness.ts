/**
 * What one request learns about the age of the data it was answered from. Fresh unless the read
 * model had to answer from data it loaded before the database became unreachable (STALE_IF_ERROR);
 * the HTTP layer then sends an `Age` header.
 */
export class Freshness {
  /**
   * When the request arrived (performance.now()): a version read sent after that sees every write
   * committed before it, so the request may take it (server/directory/version.ts).
   */
  readonly since: number;

  constructor(since?: number) {
    this.since = since ?? performance.now();
  }

  /** When the oldest data used was last known to be current (epoch ms); null while all of it is fresh. */
  private confirmedAt: number | null = null;

  stale(confirmedAt: number): void {
    this.confirmedAt = this.confirmedAt === null ? confirmedAt : Math.min(this.confirmedAt, confirmedAt);
  }

  /** Seconds since the data was last known current (at least 1), or null when it is fresh: the Age header, a duration on the wall clock. */
  ageSeconds(): number | null {
    // eslint-disable-next-line no-restricted-syntax -- an Age header measures real seconds, as the read model's confirmedAt does
    const now = Date.now();
    return this.confirmedAt === null ? null : Math.max(1, Math.ceil((now - this.confirmedAt) / 1000));
  }
}
