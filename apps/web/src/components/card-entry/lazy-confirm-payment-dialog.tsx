import { lazy, Suspense, useRef } from 'react';
import type { ConfirmPaymentDialogProps } from './confirm-payment-dialog';

// Its own chunk, with Radix's dialog (about 8 KB gzipped): loaded when a payment first asks for the
// extra confirmation, which most payments never do (the checkout page's budget).
const ConfirmPaymentDialog = lazy(() => import('./confirm-payment-dialog').then((module) => ({ default: module.ConfirmPaymentDialog })));

/** The extra confirmation's dialog, downloaded when first opened and kept from then on (so it can close as it should). */
export function LazyConfirmPaymentDialog(props: ConfirmPaymentDialogProps) {
  const opened = useRef(false);
  if (props.total !== null) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmPaymentDialog {...props} />
    </Suspense>
  );
}
