import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import { App } from '@/app/App';
import type { SiteConfig } from '@/lib/site-config';
import { findRoute } from '@/app/routes';
import { ServerRenderState } from '@/lib/server-context';
import { createQueryClient } from '@/lib/query-client';

/**
 * Demo payments in production are an explicit opt-in (PAYMENTS=demo, issue 11 item 2): every payment
 * screen then says loudly that the site takes no real payments. Rendered once, before any request
 * the page would make, which is what a visitor sees first.
 */
const screens = [
  '/contractor-pricing',
  '/buy-lead?leadId=1&contractorId=2',
  '/payment-success',
  '/subscription-success?session_id=demo_cs_1',
  '/demo-checkout?session_id=demo_cs_1&plan=pro',
];
const WARNING = 'This site is not taking real payments';

async function render(url: string, payments: SiteConfig['payments']) {
  const { pathname, search } = new URL(url, 'http://localhost');
  const { route } = findRoute(pathname);
  await route!.page.load();
  return renderToString(
    <App
      queryClient={createQueryClient()}
      config={{ siteUrl: 'http://localhost', payments }}
      region={region}
      ssr={{ path: pathname, search: search.slice(1), state: new ServerRenderState() }}
    />,
  );
}

describe('the warning on payment screens when production runs demo payments', () => {
  it.each(screens)('%s says no real payments are taken', async (url) => {
    const html = await render(url, { provider: 'demo', publishableKey: null, demoInProduction: true });
    expect(html).toContain(WARNING);
    expect(html).toContain('data-testid="demo-in-production"');
  });

  it.each(screens)('%s has no such warning in development demo mode or with Stripe', async (url) => {
    expect(await render(url, { provider: 'demo', publishableKey: null, demoInProduction: false })).not.toContain(
      WARNING,
    );
    expect(await render(url, { provider: 'stripe', publishableKey: 'pk_test_abc' })).not.toContain(WARNING);
  });
});
