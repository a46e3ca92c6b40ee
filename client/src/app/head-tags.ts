/** What a page tells search engines and social sites about itself (docs/decisions/0011-server-rendered-pages.md). */
export interface HeadTags {
  title: string;
  description: string;
  /** Path of the canonical address, e.g. '/contractor/4'. */
  path: string;
  keywords?: string[];
  /** Defaults to 'index, follow'. */
  robots?: string;
  ogType?: 'website' | 'article' | 'profile';
  jsonLd?: object[];
}
