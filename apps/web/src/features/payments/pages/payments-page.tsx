import { useTranslation } from 'react-i18next';
import { TestModeBadge } from '@/components/card-entry/test-mode-notice';
import { usePaymentConfig } from '@/lib/payment-config';
import { PaymentMethodsSection } from '../components/payment-methods-section';
import { TransactionsSection } from '../components/transactions-section';
import '@/components/card-entry/card-entry-texts';
import '../payments-texts';

/** payments: saved payment methods and the transactions list (spec sections 2 and 3). */
export function PaymentsPage() {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{t('payments.heading')}</h1>
          {config.data?.test_mode && <TestModeBadge />}
        </div>
        <p className="text-muted-foreground">{t('payments.description')}</p>
      </div>
      <PaymentMethodsSection config={config.data} />
      <TransactionsSection />
    </div>
  );
}
