import { shopApiPaths } from '@app/contract/api-paths';
import { downloadWithSession } from '@/lib/download-file';

/** `GET /api/orders/{id}/invoice` as a file (lib/download-file.ts). Returns whether it worked. */
export function downloadInvoice(orderId: string, fileName: string): Promise<boolean> {
  return downloadWithSession(shopApiPaths.orderInvoice(orderId), fileName);
}
