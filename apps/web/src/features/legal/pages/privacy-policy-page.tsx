import { LegalDocument } from '../components/legal-document';

/** privacy-policy (public): what we keep, why, for how long, and the user's rights. */
export function PrivacyPolicyPage() {
  return <LegalDocument name="privacy" />;
}
