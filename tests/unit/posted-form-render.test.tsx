import { describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import type { PostedForm } from '@shared/forms';
import type { ContractorPage } from '@shared/schemas/directory';
import { deepFreeze } from '@shared/deep-freeze';
import { PageCache } from '../../server/render/page-cache';
import { renderPage, type RenderOptions } from '@/entry-server';
import { directoryData } from '../support/render-data';

/**
 * The answer to a form sent without JavaScript (docs/decisions/0023-forms-without-javascript.md):
 * the server render of its page shows what was typed and the errors, hands them to the browser with
 * the page's data, and never leaves that page in the page memo for the next visitor of the same
 * address.
 */

const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';
// The same frozen answer every time, as the read model gives while its data is unchanged: the page memo would answer it again.
const featured = deepFreeze<ContractorPage>({
  contractors: [],
  total: 0,
  totalAll: 0,
  unverifiedMatches: 0,
  page: 1,
  pageSize: 6,
});

const options = (): RenderOptions => ({
  config: { siteUrl: 'http://localhost:3000', payments: { provider: 'demo', publishableKey: null } },
  region,
  resolve: directoryData(async () => featured).resolve,
  pages: new PageCache().renderedFor('sullivan'),
});

const refused: PostedForm = {
  form: 'newsletter',
  path: '/',
  values: { email: 'typed <b>by</b> someone' },
  errors: { email: 'Please enter a valid email address' },
  message: 'Please check the highlighted fields',
};

const bootOf = (html: string) =>
  JSON.parse(/<script id="__BOOT__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as {
    postedForm?: PostedForm;
  };

describe('a refused form in the server render', () => {
  it('shows the values and the error, escaped, and hands them to the browser', async () => {
    const page = await renderPage('/', template, { ...options(), postedForm: refused });
    expect(page.html).toMatch(/<input[^>]*name="email"[^>]*value="typed &lt;b&gt;by&lt;\/b&gt; someone"/);
    expect(page.html).toContain('Please enter a valid email address');
    expect(page.html).not.toContain('<b>by</b>');
    expect(bootOf(page.html).postedForm).toEqual(refused);
  });

  it('is never answered to the next visitor of the address, before or after', async () => {
    const opts = options();
    const plain = await renderPage('/', template, opts);
    const posted = await renderPage('/', template, { ...opts, postedForm: refused });
    const again = await renderPage('/', template, opts);
    expect(posted.html).toContain('typed &lt;b&gt;by&lt;/b&gt; someone');
    expect(again.html).toBe(plain.html);
    expect(again.html).not.toContain('typed');
    expect(bootOf(again.html).postedForm).toBeUndefined();
  });

  it("belongs to its own page and form only: another page's render ignores it", async () => {
    const page = await renderPage('/submit-business', template, { ...options(), postedForm: refused });
    const markup = page.html.split('<script id="__BOOT__"')[0]!;
    expect(markup).toContain('Submit for Review');
    expect(markup).not.toContain('typed &lt;b&gt;by&lt;/b&gt; someone');
    expect(markup).not.toContain('Please enter a valid email address');
  });
});
