/** What a page tells search engines and social sites about itself (docs/decisions/0011-server-rendered-pages.md). */
export interface HeadTags {
  title: string;
  description: string;
  /** Path of the canonical address, e.g. '/contractor/4'. */
  path: string;
  /**
   * The canonical address when it is on another site (a contractor's profile shown on a county it
   * serves has it on its home county's site; docs/decisions/0106-county-emails-and-jobs.md).
   */
  canonicalUrl?: string;
  keywords?: string[];
  /** Defaults to 'index, follow'. */
  robots?: string;
  ogType?: 'website' | 'article' | 'profile';
  jsonLd?: object[];
}
