import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { ServiceUnavailableError } from '../../lib/domain-errors.ts';

/** What a verified Google ID token tells us about the person. */
export interface GoogleIdentity {
  /** Google's stable account id: the key of a Google sign-in (an e-mail can change). */
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
}

/** Null for a token that fails any check; throws 503 when Google's keys cannot be fetched. */
export type GoogleIdTokenVerifier = (idToken: string) => Promise<GoogleIdentity | null>;

// https://developers.google.com/identity/gsi/web/guides/verify-google-id-token
const googleIssuers = ['accounts.google.com', 'https://accounts.google.com'];

const googleClaims = z.object({
  sub: z.string().min(1),
  email: z.email(),
  // Google sends a boolean; some older tokens carried the string form.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).default(false),
  name: z.string().trim().min(1).optional(),
});

export interface GoogleVerifierOptions {
  clientId: string;
  /** Google's certificates (https://www.googleapis.com/oauth2/v3/certs); tests serve their own. */
  jwksUrl: string;
  clock: Clock;
}

/**
 * Verifies Google ID tokens (issue 3, DESIGN section 5): RS256 signature by a key of the JWKS
 * (looked up by `kid`; an unknown `kid` refetches the set at most every 30 s, then fails),
 * `aud` = our client id, `iss` Google's, `exp` not passed. `alg: none` and HMAC algorithms are
 * refused because only RS256 is allowed.
 */
export function createGoogleIdTokenVerifier({ clientId, jwksUrl, clock }: GoogleVerifierOptions): GoogleIdTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000 });
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        algorithms: ['RS256'],
        audience: clientId,
        issuer: googleIssuers,
        currentDate: clock.now(),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const claims = googleClaims.safeParse(payload);
      if (!claims.success) return null;
      return { sub: claims.data.sub, email: claims.data.email, emailVerified: claims.data.email_verified, name: claims.data.name };
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
        // Google (or the network to it) is down: not the user's fault, and worth a retry.
        throw new ServiceUnavailableError();
      }
      return null;
    }
  };
}
