import { accountApiPaths } from '@app/contract/api-paths';
import { personalDataExportFileName } from '@app/contract/personal-data-export';
import { httpClient, type RequestResult } from '@/lib/http-client';
import { saveFile } from '@/lib/download-file';

/**
 * `GET /api/user/export` (issue 14): everything the product keeps about the user, saved as one
 * JSON file. Fetched through the one client (token refresh, the server's refusal such as the
 * export's rate limit in words), then handed to the browser as a download.
 */
export async function downloadPersonalData(): Promise<RequestResult<unknown>> {
  const result = await httpClient.get(accountApiPaths.personalDataExport);
  if (result.error === null && result.data !== null) {
    saveFile(new Blob([JSON.stringify(result.data, null, 2)], { type: 'application/json' }), personalDataExportFileName(new Date()));
  }
  return result;
}
