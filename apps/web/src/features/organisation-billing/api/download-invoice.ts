import { organisationApiPaths } from '@app/contract/api-paths';
import { downloadWithSession } from '@/lib/download-file';

/** Where a period's PDF invoice is, for the link's address. */
export function invoicePdfPath(organisationId: string, invoiceId: string): string {
  return organisationApiPaths.subscriptionInvoicePdf(organisationId, invoiceId);
}

/** `GET .../subscription/invoices/{invoiceId}/pdf` with the session's token (lib/download-file.ts). Returns whether it worked. */
export function downloadInvoice(organisationId: string, invoiceId: string, invoiceNumber: string): Promise<boolean> {
  return downloadWithSession(invoicePdfPath(organisationId, invoiceId), `invoice-${invoiceNumber}.pdf`);
}
