// What the rest of the server may use of orders; everything else in this folder is the module's
// own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { anonymiseOrdersOf } from './account-anonymisation.ts';
export { ordersModule } from './orders-module.ts';
export { renderInvoice, type InvoiceOptions } from './invoices/invoice-pdf.ts';
