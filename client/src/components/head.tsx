import { useContext, useEffect } from 'react';
import type { Region } from '@shared/region';
import { useSiteConfig } from '@/lib/site-config';
import type { HeadTags } from '@/lib/head-tags';
import { useRegion } from '@/lib/region';
import { ServerRenderContext } from '@/lib/server-context';

export type { HeadTags } from '@/lib/head-tags';

export interface HeadElement {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

/** The site as a schema.org Organization, named where another item points to it (a post's `publisher`). */
export function siteOrganization(siteUrl: string, siteTitle: string) {
  return { '@type': 'Organization', '@id': `${siteUrl}/#organization`, name: siteTitle, url: `${siteUrl}/` };
}

/** Printed on every page; the same `@id` as `siteOrganization`, so the two are one organization. */
export function organizationJsonLd(siteUrl: string, region: Region) {
  return {
    '@context': 'https://schema.org',
    ...siteOrganization(siteUrl, region.siteTitle),
    description: `Directory of licensed building contractors serving ${region.displayName}.`,
    areaServed: { '@type': 'AdministrativeArea', name: `${region.county}, ${region.stateName}` },
  };
}

/** The elements for a page's head, on the county's site (`region`); the server prints them and the browser swaps them on navigation. */
export function headElements(tags: HeadTags, siteUrl: string, region: Region): HeadElement[] {
  const url = tags.canonicalUrl ?? `${siteUrl}${tags.path}`;
  const els: HeadElement[] = [
    { tag: 'title', attrs: {}, text: tags.title },
    { tag: 'meta', attrs: { name: 'description', content: tags.description } },
    { tag: 'meta', attrs: { name: 'robots', content: tags.robots ?? 'index, follow' } },
    { tag: 'link', attrs: { rel: 'canonical', href: url } },
    { tag: 'meta', attrs: { property: 'og:title', content: tags.title } },
    { tag: 'meta', attrs: { property: 'og:description', content: tags.description } },
    { tag: 'meta', attrs: { property: 'og:type', content: tags.ogType ?? 'website' } },
    { tag: 'meta', attrs: { property: 'og:url', content: url } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: region.siteTitle } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: tags.title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: tags.description } },
  ];
  if (tags.keywords?.length) els.push({ tag: 'meta', attrs: { name: 'keywords', content: tags.keywords.join(', ') } });
  for (const ld of [organizationJsonLd(siteUrl, region), ...(tags.jsonLd ?? [])]) {
    // '<' escaped so a value can never close the script element.
    els.push({
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      text: JSON.stringify(ld).replace(/</g, '\\u003c'),
    });
  }
  return els;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function headToHtml(els: HeadElement[]): string {
  return els
    .map(({ tag, attrs, text }) => {
      const a = Object.entries({ ...attrs, 'data-head': '' })
        .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`))
        .join('');
      if (tag === 'meta' || tag === 'link') return `<${tag}${a}>`;
      return `<${tag}${a}>${tag === 'script' ? (text ?? '') : escapeText(text ?? '')}</${tag}>`;
    })
    .join('\n    ');
}

function applyHead(els: HeadElement[]) {
  document.head.querySelectorAll('[data-head]').forEach((el) => el.remove());
  for (const { tag, attrs, text } of els) {
    if (tag === 'title') {
      document.title = text ?? '';
      continue;
    }
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.setAttribute('data-head', '');
    if (text !== undefined) el.textContent = tag === 'script' ? text.replace(/\\u003c/g, '<') : text;
    document.head.appendChild(el);
  }
}

/** Declares the page's head; rendered on the server, kept in sync in the browser. */
export function Head(props: HeadTags) {
  const server = useContext(ServerRenderContext);
  const { siteUrl } = useSiteConfig();
  const region = useRegion();
  server?.setHead(props);
  const key = JSON.stringify(props);
  useEffect(() => {
    applyHead(headElements(JSON.parse(key) as HeadTags, siteUrl || window.location.origin, region));
  }, [key, siteUrl, region]);
  return null;
}
