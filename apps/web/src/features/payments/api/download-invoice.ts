import { shopApiPaths } from '@app/contract/api-paths';
import { downloadWithSession } from '@/lib/download-file';

/** Where an order's PDF invoice is (`GET /api/orders/{id}/invoice`), for the link's address. */
export function invoicePath(orderId: string): string {
  return shopApiPaths.orderInvoice(orderId);
}

/** Downloads the invoice with the session's token (lib/download-file.ts). Returns whether it worked. */
export function downloadInvoice(orderId: string, orderNumber: string): Promise<boolean> {
  return downloadWithSession(invoicePath(orderId), `invoice-${orderNumber}.pdf`);
}
