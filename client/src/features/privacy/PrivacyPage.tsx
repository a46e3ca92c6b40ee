import { LegalPage } from './LegalPage';

/** /privacy (docs/decisions/0114-homeowner-privacy.md). */
export default function PrivacyPage() {
  return <LegalPage slug="privacy" />;
}
