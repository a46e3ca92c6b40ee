import { VersionedLru } from '@shared/versioned-lru';
import { AnswerBodies } from './answer-bodies';

/**
 * What the HTTP layer keeps between requests for the public API's answers, owned by the app
 * (createApp) and keyed by everything that shapes what it keeps
 * (docs/decisions/0067-reused-answers-and-pages.md):
 * - `bodies`: the JSON text, gzip and ETags of an answer, by the answer object itself, which the
 *   read model hands out again, frozen, until its data changes;
 * - `inputs`: the parsed (frozen) input of a public query, by the county whose site was asked, its
 *   route and the address asked for (http/query-routes.ts inputKey): a town's slug names another
 *   town on another county's site (docs/decisions/0101-read-model-per-county.md).
 *
 * An answer body needs no county in its key: it is kept by the answer object, and each county's
 * answers are its own objects (the read model keeps them by county).
 */
export class AnswerCache {
  readonly bodies = new AnswerBodies();
  readonly inputs = new VersionedLru<unknown>(8192);

  clear(): void {
    this.bodies.clear();
    this.inputs.clear();
  }
}
