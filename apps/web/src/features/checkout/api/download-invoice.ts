import { apiPaths, shopApiPaths } from '@app/contract/api-paths';
import { httpClient } from '@/lib/http-client';
import { tokenStorage } from '@/lib/token-storage';

/**
 * `GET /api/orders/{id}/invoice` as a file. The API takes a Bearer token, which a plain link cannot
 * send, so the PDF is fetched and handed to the browser as a download. Returns whether it worked.
 */
export async function downloadInvoice(orderId: string, fileName: string): Promise<boolean> {
  // An expired token is renewed first through the one client (it owns the refresh).
  if (tokenStorage.isExpired()) await httpClient.get(apiPaths.user);
  const token = tokenStorage.read()?.accessToken;
  try {
    const response = await fetch(shopApiPaths.orderInvoice(orderId), {
      credentials: 'include',
      headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    if (!response.ok) return false;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked after the click has been handled, so the download has its data.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return true;
  } catch {
    return false;
  }
}
