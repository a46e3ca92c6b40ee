import { describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import type { ContractorPage, PublicContractor } from '@shared/schemas/directory';
import { renderPage, type RenderOptions } from '@/entry-server';
import { BOOT_ELEMENT_ID } from '@/boot';
import { fillTemplate } from '@/fill-template';

/** `$&`, `` $` ``, `$'` and `$$` are replacement patterns for String.replace; in listing text they are text. */
const PATTERNS = ['$`', "$'", '$&', '$$'];
const template =
  '<!DOCTYPE html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

const contractor = (id: number, name: string, description: string): PublicContractor => ({
  id,
  name,
  location: 'Laporte, PA',
  description,
  services: ['Roofing'],
  rating: 4.5,
  reviewCount: 10,
  verified: true,
  licenseNumber: 'PA123456',
  featured: false,
  logo: null,
  pausedUntil: null,
  replies: null,
  unclaimed: false,
});

describe('the page template takes listing text literally', () => {
  it('fills each placeholder with the exact text', () => {
    for (const p of PATTERNS) {
      expect(fillTemplate('<a><!--x--></a>', { '<!--x-->': `before ${p} after` })).toBe(`<a>before ${p} after</a>`);
    }
  });

  it.each(PATTERNS)('renders one document when a name and description contain %s', async (pattern) => {
    const page: ContractorPage = {
      contractors: [contractor(1, `Roofing ${pattern} Sons`, `We fix roofs ${pattern} siding.`)],
      total: 1,
      totalAll: 1,
      unverifiedMatches: 0,
      page: 1,
      pageSize: 6,
    };
    const opts: RenderOptions = {
      config: { siteUrl: 'http://localhost:3000', payments: { provider: 'demo', publishableKey: null } },
      region,
      resolve: async () => structuredClone(page),
    };
    const { html } = await renderPage(`/?dollar=${encodeURIComponent(pattern)}`, template, opts);
    expect(html.match(/<!DOCTYPE html>/g)).toHaveLength(1);
    expect(html.match(/<html>/g)).toHaveLength(1);
    expect(html).toContain(`Roofing ${pattern} Sons`);
    // The data the page hydrates with is the data it was rendered from.
    const boot = html.slice(html.indexOf(`<script id="${BOOT_ELEMENT_ID}"`));
    const json = boot.slice(boot.indexOf('>') + 1, boot.indexOf('</script>'));
    expect(JSON.stringify(JSON.parse(json))).toContain(`We fix roofs ${pattern.replace(/"/g, '\\"')} siding.`);
  });
});
