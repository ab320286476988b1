import type { PaymentMethod } from '@app/contract/payment-methods';
import { CreditCard, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { CardBrand } from './card-format';
import './card-entry-texts';

const knownBrands: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'];

function brandKey(method: PaymentMethod): string {
  if (method.type === 'link') return 'link';
  const brand = knownBrands.find((known) => known === method.brand);
  return brand ?? 'unknown';
}

/** MM/YY of a saved method's expiry, or null when it has none (a Link method). */
export function expiryText(method: Pick<PaymentMethod, 'exp_month' | 'exp_year'>): string | null {
  if (method.exp_month === null || method.exp_year === null) return null;
  return `${String(method.exp_month).padStart(2, '0')}/${String(method.exp_year % 100).padStart(2, '0')}`;
}

/** A card is usable through the last day of its expiry month. */
export function isMethodExpired(method: Pick<PaymentMethod, 'exp_month' | 'exp_year'>, now: Date = new Date()): boolean {
  if (method.exp_month === null || method.exp_year === null) return false;
  const year = now.getFullYear();
  return method.exp_year < year || (method.exp_year === year && method.exp_month < now.getMonth() + 1);
}

/** "Visa ending in 4242", for labels and messages. */
export function usePaymentMethodName() {
  const { t } = useTranslation();
  return (method: PaymentMethod): string => {
    const brand = t(`cardEntry.brands.${brandKey(method)}`);
    return method.last4 ? t('cardEntry.endingIn', { brand, last4: method.last4 }) : brand;
  };
}

/** Spec section 3 "Payment method": type, brand, last 4, expiry and the default flag. */
export function PaymentMethodLabel({ method, className }: { method: PaymentMethod; className?: string }) {
  const { t } = useTranslation();
  const name = usePaymentMethodName()(method);
  const expiry = expiryText(method);
  const expired = isMethodExpired(method);
  const Icon = method.type === 'link' ? Link2 : CreditCard;
  return (
    <span className={cn('flex min-w-0 items-center gap-3', className)}>
      <span aria-hidden="true" className="flex h-8 w-11 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground">
        <Icon className="size-4" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="flex flex-wrap items-center gap-2 font-medium text-foreground">
          {name}
          {method.is_default && (
            <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">{t('cardEntry.default')}</span>
          )}
        </span>
        {expiry && (
          <span className={cn('text-xs', expired ? 'font-medium text-destructive' : 'text-muted-foreground')}>
            {t(expired ? 'cardEntry.expired' : 'cardEntry.expires', { date: expiry })}
          </span>
        )}
      </span>
    </span>
  );
}
