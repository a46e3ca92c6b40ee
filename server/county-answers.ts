import { deepFreeze, type Frozen } from '@shared/deep-freeze';
import { VersionedLru } from '@shared/versioned-lru';
import { freshRead } from './directory/fresh-read';

/** A county's version as a versions table holds it. */
export interface CountyVersion {
  regionId: number;
  version: number;
}

/**
 * Answers kept between requests, each stamped with the versions of the counties it covers, read
 * from a table that triggers move in the writers' transactions (lead_list_versions for the lead
 * table, server/lead-pages.ts; county_figure_versions for the dashboard's charts,
 * server/leads/figure-answers.ts). An administrator comes back to the same few answers, and
 * reading and shaping an unchanged one again cost most of a request.
 *
 * The versions are read in one statement of a few dozen rows, shared by the requests that arrive
 * together (fresh-read.ts): each request takes a read sent after it arrived, so it sees every
 * write that committed before. The version is read before the answer: a write committing between
 * the two gives an answer newer than its stamp, which a later stamp replaces, never an older one.
 * Every process keeps its own answers, and each checks the shared versions before using one.
 */
export class CountyAnswers<T> {
  /** An answer as a promise, so the requests that miss together share one read of it. */
  private readonly kept: VersionedLru<Promise<Frozen<T>>>;
  private readonly readVersions: () => Promise<ReadonlyMap<number, number>>;

  constructor(readAll: () => Promise<CountyVersion[]>, size: number) {
    this.kept = new VersionedLru(size);
    this.readVersions = freshRead(async () => new Map((await readAll()).map((r) => [r.regionId, Number(r.version)])));
  }

  /** Drops every kept answer (bench:memory measures what they held). */
  clear(): void {
    this.kept.clear();
  }

  /** The kept answer for `key` if its counties are unchanged since it was read, or the one `read` answers (then kept). */
  async get(key: string, regionIds: readonly number[] | null, read: () => Promise<T>): Promise<Frozen<T>> {
    const versions = await this.readVersions();
    const id = `${regionIds?.join(',') ?? '*'}|${key}`;
    const stamp = stampOf(versions, regionIds);
    const kept = this.kept.get(id, stamp);
    if (kept) return kept;
    const made = read().then(deepFreeze);
    this.kept.set(id, stamp, made);
    made.catch(() => this.kept.deleteIf(id, (p) => p === made));
    return made;
  }
}

/**
 * The sum of the counties' versions (every county's for null): it grows with every write to any
 * of them, since each version only grows and no row is removed.
 */
export function stampOf(versions: ReadonlyMap<number, number>, regionIds: readonly number[] | null): number {
  let sum = 0;
  if (regionIds === null) for (const v of versions.values()) sum += v;
  else for (const id of regionIds) sum += versions.get(id) ?? 0;
  return sum;
}
