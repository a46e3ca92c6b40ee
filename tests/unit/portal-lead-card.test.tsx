import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { PortalLead } from '@shared/schemas/portal';
import { LeadCard } from '@/features/portal/components/LeadCard';

/**
 * A lead in the contractor's portal after the homeowner withdrew it or its details were erased
 * (docs/decisions/0114-homeowner-privacy.md): the card says so, and an erased lead shows no empty
 * mail or call link.
 */
const lead: PortalLead = {
  deliveryId: 7,
  leadId: 3,
  serviceNeeded: 'Roofing',
  location: 'Laporte, PA',
  budgetRange: null,
  projectDetails: 'A metal roof on a camp.',
  price: '30.00',
  paymentState: 'paid',
  status: 'delivered',
  deliveredAt: '2026-03-02T15:00:00.000Z',
  customer: { name: 'Dana Hill', email: 'dana@example.com', phone: '(570) 555-0199' },
  withdrawnAt: null,
  erasedAt: null,
  claim: null,
  refund: null,
  claimUntil: null,
  replies: [],
};

const render = (l: PortalLead) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <LeadCard lead={l} contractorId={1} />
    </QueryClientProvider>,
  );

describe('the portal lead card', () => {
  it('links the customer of a paid lead, with no withdrawal or erasure note', () => {
    const html = render(lead);
    expect(html).toContain('href="mailto:dana@example.com"');
    expect(html).not.toContain('withdrew');
    expect(html).not.toContain('erased');
  });

  it('says the homeowner withdrew a paid lead, and keeps its customer', () => {
    const html = render({ ...lead, withdrawnAt: '2026-03-04T15:00:00.000Z' });
    expect(html).toContain('The homeowner withdrew this request on March 4, 2026. You keep the details you paid for.');
    expect(html).toContain('href="tel:5705550199"');
  });

  it('says when the details were erased, with no empty link and no offer to buy', () => {
    const html = render({ ...lead, customer: null, erasedAt: '2027-03-04T15:00:00.000Z' });
    expect(html).toContain('contact details were erased on March 4, 2027');
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain('Customer details are shown after you buy this lead.');
  });

  it('offers Decline beside Buy only while the lead awaits payment (docs/decisions/0117-lead-routing.md)', () => {
    // The Buy link needs a location: the portal's, as the server renders it.
    const waiting = renderToStaticMarkup(
      <Router ssrPath="/contractor">
        <QueryClientProvider client={new QueryClient()}>
          <LeadCard lead={{ ...lead, paymentState: 'awaiting_payment', customer: null }} contractorId={1} />
        </QueryClientProvider>
      </Router>,
    );
    expect(waiting).toContain('Buy this lead');
    expect(waiting).toMatch(/<button[^>]*>Decline<\/button>/);
    expect(render(lead)).not.toMatch(/>Decline</);
    expect(render({ ...lead, paymentState: 'credited' })).not.toMatch(/>Decline</);
  });
});
