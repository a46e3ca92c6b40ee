import { LegalPage } from './LegalPage';

/** /terms (docs/decisions/0114-homeowner-privacy.md). */
export default function TermsPage() {
  return <LegalPage slug="terms" />;
}
