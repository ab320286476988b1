import { accountApiPaths } from '@app/contract/api-paths';
import { verifyEmailResponse, type VerifyEmailRequest } from '@app/contract/email-verification';
import { httpClient } from '@/lib/http-client';

/** POST /api/email/verify with the link's params and query, passed through (spec 2). */
export function verifyEmail(request: VerifyEmailRequest) {
  return httpClient.post(accountApiPaths.verifyEmail, request, { schema: verifyEmailResponse });
}
