import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CustomerCell } from '@/features/admin/components/CustomerCell';

/**
 * The administrator's customer cell (docs/decisions/0114-homeowner-privacy.md): a lead whose
 * contact details were erased says so, instead of links with no text (which screen readers announce
 * as nameless links, and which open an empty mail or call).
 */
describe('CustomerCell', () => {
  it('links the email and the phone of a lead that has them', () => {
    const html = renderToStaticMarkup(
      <CustomerCell lead={{ name: 'Dana Hill', email: 'dana@example.com', phone: '(570) 555-0199' }} />,
    );
    expect(html).toContain('href="mailto:dana@example.com"');
    expect(html).toContain('href="tel:5705550199"');
    expect(html).not.toContain('Contact details erased');
  });

  it('says the details were erased, with no empty link', () => {
    const html = renderToStaticMarkup(<CustomerCell lead={{ name: '', email: '', phone: '' }} />);
    expect(html).toContain('Contact details erased');
    expect(html).not.toContain('<a');
  });
});
