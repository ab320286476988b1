/**
 * The versions of the privacy policy and the terms in force (their publication dates). Raising one
 * makes `policy_update_required` true for everyone who accepted an older one, until they click
 * 'I Agree' (POST /api/policies/accept records these versions).
 */
export const currentPolicyVersions = {
  privacyPolicy: '2026-11-01',
  terms: '2026-11-01',
} as const;

/** True when the stored acceptance is missing or older than the version in force. */
export function isPolicyUpdateRequired(accepted: { privacyPolicyVersion: string | null; termsVersion: string | null }): boolean {
  // Versions are ISO dates, so string order is date order.
  return (
    accepted.privacyPolicyVersion === null ||
    accepted.privacyPolicyVersion < currentPolicyVersions.privacyPolicy ||
    accepted.termsVersion === null ||
    accepted.termsVersion < currentPolicyVersions.terms
  );
}
