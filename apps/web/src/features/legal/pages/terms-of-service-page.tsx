import { LegalDocument } from '../components/legal-document';

/** terms-of-service (public): the agreement for using the service. */
export function TermsOfServicePage() {
  return <LegalDocument name="terms" />;
}
