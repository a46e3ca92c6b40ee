import { createHash } from 'node:crypto';
import { VersionedLru } from '@shared/versioned-lru';

/** How long a shared cache (a CDN) may answer a public page without asking the server (docs/decisions/0070-cache-headers.md). */
export const PAGE_SHARED_MAX_AGE_SECONDS = 60;

/**
 * Cache-Control of a rendered page. Pages are the same for every visitor (the page handler reads
 * no session: sessions live under /api), so shared caches may keep them, briefly: a change in the
 * directory reaches a CDN's visitors within a minute. Browsers revalidate every time (max-age=0, a
 * 304 while unchanged), so someone who just changed a listing, or a visitor not behind the CDN,
 * never sees an older page than the server has. A page that counts its views ('revalidate') is
 * kept by shared caches only to be revalidated, so each visit still reaches the server.
 * Client-only pages (admin, portal, payments) are for the browser's cache only, and an error page
 * from a failing service for no cache at all. A form sent without JavaScript is answered
 * 'no-store' by the handler.
 */
export function pageCacheControl(page: { status: number; cache: 'short' | 'revalidate' | 'private' }): string {
  if (page.status >= 500) return 'no-store';
  if (page.cache === 'private') return 'private, no-cache';
  if (page.cache === 'revalidate') return 'public, no-cache';
  return `public, max-age=0, s-maxage=${PAGE_SHARED_MAX_AGE_SECONDS}`;
}

/**
 * A weak validator of the page's HTML: the same for its gzip and plain answers (equivalent
 * representations), so an If-None-Match from either is answered 304 while the page is unchanged.
 */
export function pageEtag(html: string): string {
  return `W/"${createHash('sha1').update(html).digest('base64url')}"`;
}

/** The last page made for an address and what it was made from (client/src/entry-server.tsx, PageMemo). */
interface Made {
  reads: readonly unknown[];
  page: object;
}

const sameReads = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Where a page is kept: the county whose site it is and the address (docs/decisions/0101-read-model-per-county.md). */
export const pageKey = (county: string, url: string) => `${county} ${url}`;

/** The ETag and gzip of a document made from a kept render, made once each. */
export interface KeptDocument {
  etag?: string;
  gzip?: Buffer;
}

/** A render memo for one request (PageCache.requestMemo): `render` is then the kept render its page was made from, if any. */
export interface RequestMemo extends PageMemo {
  render: object | undefined;
}

/**
 * What the page handler keeps between requests, owned by the app (createApp) and keyed by the
 * county and the address asked for (pageKey; docs/decisions/0067-reused-answers-and-pages.md):
 * - the last page rendered for each address, with what it read: the read model hands out the same
 *   frozen answers until its data changes, so a page whose reads are the same objects is answered
 *   again without rendering (compared by identity, not by serialising the data);
 * - the ETag and gzip of the document made from each kept render, held as long as the render is:
 *   the document is a function of the render and the template (the settings and the county it
 *   carries are among the render's reads), so it is not kept itself, only what was made from it
 *   (docs/decisions/0123-embedded-memory.md: a document is some 75 kB, the stylesheet inside it);
 * - for a page not made from a kept render (the shell of an admin or portal page), its gzip and
 *   ETag stamped with its HTML, for a few addresses.
 */
export class PageCache {
  private readonly made = new VersionedLru<Made>(256);
  private readonly documents = new WeakMap<object, { template: string; kept: KeptDocument }>();
  readonly gzip = new VersionedLru<Buffer>(64);
  readonly etag = new VersionedLru<string>(64);
  private readonly memos = new Map<string, PageMemo>();

  clear(): void {
    this.made.clear();
    this.gzip.clear();
    this.etag.clear();
  }

  /** The render memo the server entry uses (client/src/entry-server.tsx) on a county's site: it keeps each page by the county and its address. */
  renderedFor(county: string): PageMemo {
    let memo = this.memos.get(county);
    if (!memo) {
      memo = {
        get: (url, reads) => {
          const made = this.made.get(pageKey(county, url), 0);
          return made && sameReads(made.reads, reads) ? made.page : undefined;
        },
        set: (url, reads, page) => this.made.set(pageKey(county, url), 0, { reads, page }),
      };
      this.memos.set(county, memo);
    }
    return memo;
  }

  /** renderedFor(county) for one request, noting the kept render it answered or kept. */
  requestMemo(county: string): RequestMemo {
    const memo = this.renderedFor(county);
    const request: RequestMemo = {
      render: undefined,
      get: (url, reads) => (request.render = memo.get(url, reads)),
      set: (url, reads, page) => {
        memo.set(url, reads, page);
        request.render = page;
      },
    };
    return request;
  }

  /** What is kept with the document made from the kept `render` and `template`. */
  documentOf(render: object, template: string): KeptDocument {
    let doc = this.documents.get(render);
    if (!doc || doc.template !== template) this.documents.set(render, (doc = { template, kept: {} }));
    return doc.kept;
  }
}

/** What the server entry is given to keep rendered pages by their address (client/src/entry-server.tsx PageMemo). */
export interface PageMemo {
  get(url: string, reads: readonly unknown[]): object | undefined;
  set(url: string, reads: readonly unknown[], page: object): void;
}
