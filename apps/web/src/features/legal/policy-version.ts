/**
 * The version of the privacy policy and the terms in force: their publication date. It must match
 * the server's current policy versions (apps/server/src/modules/accounts/policy-versions.ts),
 * whose change asks every user to accept the new texts ('I Agree').
 */
export const currentPolicyVersion = '2026-11-01';
