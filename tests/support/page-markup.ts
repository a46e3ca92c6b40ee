/**
 * Reading a server-rendered page as a crawler does, for API tests that read pages: its JSON-LD, its
 * meta description and the breadcrumb trail a visitor sees. The markup is the app's own, so a few
 * patterns read it; nothing here knows what the page should say.
 */

/** The text of HTML as React and the head writer escape it. */
export const htmlText = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** JSON-LD as a crawler reads it: any shape. */
export type JsonLd = Record<string, any>;

/** Every JSON-LD block of the page, in order (the site's Organization first). */
export const jsonLd = (html: string): JsonLd[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );

/** The one block of this type; fails when there is none or more than one. */
export function jsonLdOf(html: string, type: string): JsonLd {
  const found = jsonLd(html).filter((ld) => ld['@type'] === type);
  if (found.length !== 1) throw new Error(`Expected one ${type} block, found ${found.length}`);
  return found[0]!;
}

export function metaDescription(html: string): string {
  const m = /<meta name="description" content="([^"]*)"/.exec(html);
  if (!m) throw new Error('No meta description');
  return htmlText(m[1]!);
}

/** The page's canonical address. */
export function canonical(html: string): string {
  const m = /<link rel="canonical" href="([^"]*)"/.exec(html);
  if (!m) throw new Error('No canonical link');
  return htmlText(m[1]!);
}

/** The markup the visitor reads: the rendered app without the head and the data it hydrates from. */
export const bodyMarkup = (html: string) =>
  html.slice(
    html.indexOf('<body'),
    html.indexOf('<script id="__BOOT__"') === -1 ? undefined : html.indexOf('<script id="__BOOT__"'),
  );

/**
 * The trail shown in the page's Breadcrumb navigation as [position, name, absolute address]: a
 * linked crumb's address is its link's, the current page's (the unlinked last one) the canonical.
 */
export function visibleTrail(html: string, siteUrl: string): [number, string, string][] {
  const nav = /<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(html);
  if (!nav) throw new Error('No breadcrumb navigation');
  const items = [...nav[1]!.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
  return items.map((item, i) => {
    const link = /<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/.exec(item);
    if (link) return [i + 1, htmlText(link[2]!), `${siteUrl}${htmlText(link[1]!)}`];
    if (i !== items.length - 1) throw new Error(`Crumb ${i + 1} of ${items.length} has no link`);
    return [i + 1, htmlText(item), canonical(html)];
  });
}

/** The BreadcrumbList of the page as [position, name, address], to compare with `visibleTrail`. */
export const breadcrumbList = (html: string): [number, string, string][] =>
  jsonLdOf(html, 'BreadcrumbList').itemListElement.map(
    (e: JsonLd) => [e.position, e.name, e.item] as [number, string, string],
  );
