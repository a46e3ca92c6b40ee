import { and, asc, eq, sql } from 'drizzle-orm';
import { SORTS, type ContractorPage, type DirectoryQuery, type DirectorySort, type PublicContractor } from '@shared/schemas/directory';
import { VersionedLru } from '@shared/versioned-lru';
import type { Db } from '../db/client';
import { contractorServiceAreas, contractorServices, contractors, directoryState, services } from '../db/schema';
import { cardColumns, isListed, ORDER, toPublic, type CardRow } from './directory-cards';
import { taxonomyIds, type TaxonomyIds } from './taxonomy-ids';

/**
 * The listed part of the directory held in memory, one snapshot per directory version.
 * Filtering and counting a few thousand rows in SQL for every search costs tens of
 * milliseconds under load; the same work over typed arrays costs well under one. The SQL
 * path (directory.ts) stays the reference: a test compares both on random queries, and both
 * take who is listed, the orders and the card from directory-cards.ts.
 */
export interface DirectoryIndex {
  page(q: DirectoryQuery): ContractorPage;
}

interface Snapshot {
  cards: PublicContractor[];
  rating: Float64Array;
  verified: Uint8Array;
  /** Positions in `cards`, in each sort's order (computed by the database, so collation matches SQL). */
  orders: Record<DirectorySort, Int32Array>;
  /** Positions of the contractors offering a service / serving a town (home town included). */
  byService: Map<number, Int32Array>;
  byTown: Map<number, Int32Array>;
}

const rankOf = (sort: DirectorySort) => sql<number>`(row_number() over (order by ${sql.join(ORDER[sort], sql`, `)}))::int`;

async function loadSnapshot(db: Db): Promise<{ version: number; snapshot: Snapshot }> {
  // One consistent view: the version read here is the one the rows belong to.
  return db.transaction(
    async (tx) => {
      const [state] = await tx.select({ version: directoryState.version }).from(directoryState).where(eq(directoryState.id, 1));
      const rows = await tx
        .select({
          ...cardColumns,
          homeTownId: contractors.homeTownId,
          rating_rank: rankOf('rating'),
          name_rank: rankOf('name'),
          reviews_rank: rankOf('reviews'),
          location_rank: rankOf('location'),
          featured_rank: rankOf('featured'),
        })
        .from(contractors)
        .where(isListed)
        .orderBy(asc(contractors.id));
      const [offered, served] = await Promise.all([
        tx
          .select({ contractorId: contractorServices.contractorId, serviceId: contractorServices.serviceId, name: services.name })
          .from(contractorServices)
          .innerJoin(services, eq(services.id, contractorServices.serviceId))
          .innerJoin(contractors, and(eq(contractors.id, contractorServices.contractorId), isListed))
          .orderBy(asc(contractorServices.contractorId), asc(contractorServices.position), asc(services.sortOrder)),
        tx
          .select({ contractorId: contractorServiceAreas.contractorId, townId: contractorServiceAreas.townId })
          .from(contractorServiceAreas)
          .innerJoin(contractors, and(eq(contractors.id, contractorServiceAreas.contractorId), isListed)),
      ]);
      return { version: state?.version ?? 0, snapshot: buildSnapshot(rows, offered, served) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type SnapshotRow = CardRow & { homeTownId: number | null } & Record<`${DirectorySort}_rank`, number>;

function buildSnapshot(rows: SnapshotRow[], offered: { contractorId: number; serviceId: number; name: string }[], served: { contractorId: number; townId: number }[]): Snapshot {
  const n = rows.length;
  const positionOf = new Map(rows.map((r, i) => [r.id, i]));
  const names: string[][] = rows.map(() => []);
  const byService = new Map<number, number[]>();
  const byTown = new Map<number, Set<number>>();
  const add = <K>(m: Map<K, number[]>, k: K, pos: number) => (m.get(k) ?? m.set(k, []).get(k)!).push(pos);
  for (const o of offered) {
    const pos = positionOf.get(o.contractorId)!;
    names[pos]!.push(o.name);
    add(byService, o.serviceId, pos);
  }
  const serve = (townId: number, pos: number) => (byTown.get(townId) ?? byTown.set(townId, new Set()).get(townId)!).add(pos);
  rows.forEach((r, pos) => r.homeTownId !== null && serve(r.homeTownId, pos));
  for (const s of served) serve(s.townId, positionOf.get(s.contractorId)!);

  const orders = {} as Record<DirectorySort, Int32Array>;
  for (const sort of SORTS) {
    const order = new Int32Array(n);
    rows.forEach((r, pos) => (order[r[`${sort}_rank`] - 1] = pos));
    orders[sort] = order;
  }
  return {
    cards: rows.map((r, pos) => toPublic(r, names[pos]!)),
    rating: Float64Array.from(rows, (r) => r.rating),
    verified: Uint8Array.from(rows, (r) => (r.verified ? 1 : 0)),
    orders,
    byService: new Map([...byService].map(([k, v]) => [k, Int32Array.from(v)])),
    byTown: new Map([...byTown].map(([k, v]) => [k, Int32Array.from(v)])),
  };
}

const SERVICE = 1;
const TOWN = 2;

/** One page of the snapshot: the same filters, order and counts as the SQL path. */
export function pageOf(s: Snapshot, ids: TaxonomyIds, q: DirectoryQuery): ContractorPage {
  const n = s.cards.length;
  let need = 0;
  const marks = new Uint8Array(n);
  if (q.services.length) {
    need |= SERVICE;
    for (const slug of new Set(q.services)) for (const pos of s.byService.get(ids.serviceId.get(slug) ?? -1) ?? []) marks[pos]! |= SERVICE;
  }
  if (q.town) {
    need |= TOWN;
    for (const pos of s.byTown.get(ids.townId.get(q.town) ?? -1) ?? []) marks[pos]! |= TOWN;
  }
  const from = (q.page - 1) * q.pageSize;
  const to = from + q.pageSize;
  const out: PublicContractor[] = [];
  let total = 0;
  for (const pos of s.orders[q.sort]) {
    if ((marks[pos]! & need) !== need) continue;
    if (q.minRating !== null && !(s.rating[pos]! >= q.minRating)) continue;
    if (q.licensedOnly && !s.verified[pos]) continue;
    if (total >= from && total < to) out.push(s.cards[pos]!);
    total++;
  }
  return { contractors: out, total, totalAll: n, page: q.page, pageSize: q.pageSize };
}

interface Held {
  version: number;
  index: Promise<DirectoryIndex>;
}
const held = new WeakMap<Db, Held>();

/**
 * The index at the database's current directory version. A new version is loaded once, however
 * many requests ask for it at the same moment; pages already answered are kept per snapshot.
 */
export async function directoryIndex(db: Db, currentVersion: number): Promise<DirectoryIndex> {
  const h = held.get(db);
  // A failed load is forgotten (below), so a held one is loading or loaded.
  if (h && h.version >= currentVersion) return h.index;
  const index = (async () => {
    const [{ version, snapshot }, ids] = await Promise.all([loadSnapshot(db), taxonomyIds(db)]);
    const pages = new VersionedLru<ContractorPage>(500);
    return {
      page: (q: DirectoryQuery) => {
        const key = JSON.stringify(q);
        const hit = pages.get(key, version);
        if (hit) return hit;
        const page = pageOf(snapshot, ids, q);
        pages.set(key, version, page);
        return page;
      },
    };
  })();
  const next = { version: currentVersion, index };
  held.set(db, next);
  index.catch(() => held.get(db) === next && held.delete(db));
  return index;
}
