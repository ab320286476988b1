import { account } from '@app/contract/account';
import { accountApiPaths } from '@app/contract/api-paths';
import type { VerifyEmailRequest } from '@app/contract/email-verification';
import { z } from 'zod';
import { httpClient } from '@/lib/http-client';

// The contract names the request but not the answer's schema; it is its message plus the updated
// account, built from the contract's own account schema.
const verifyEmailResponse = z.object({ message: z.string(), account });

/** POST /api/email/verify with the link's params and query, passed through (spec 2). */
export function verifyEmail(request: VerifyEmailRequest) {
  return httpClient.post(accountApiPaths.verifyEmail, request, { schema: verifyEmailResponse });
}
