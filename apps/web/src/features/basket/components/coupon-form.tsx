import { applyCouponRequest, type ApplyCouponRequest, type Basket } from '@app/contract/basket';
import { Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PendingButton } from '@/components/ui/pending-button';
import { formatMoney } from '@/lib/money';
import { useSchemaForm } from '@/lib/use-schema-form';
import { translateValidationMessage } from '@/lib/validation-message';
import { useApplyCoupon } from '../api/apply-coupon';
import { useRemoveCoupon } from '../api/remove-coupon';

/**
 * The discount code (spec 3 "Coupon"): a field and Apply while none is applied, else the applied
 * code with its saving and Remove. The contract's schema refuses an empty code before sending
 * (spec 5); the server's 422 messages show under the field. lib/use-schema-form.ts, not react-hook-form (15 KB
 * more on the basket page).
 */
export function CouponForm({ basket }: { basket: Basket }) {
  const coupon = basket.coupon;
  const code = coupon?.code ?? basket.coupon_code;
  return code ? <AppliedCoupon code={code} discount={coupon?.discount_value ?? basket.summary.discount_amount} /> : <CouponCodeForm />;
}

function CouponCodeForm() {
  const { t } = useTranslation();
  const applying = useApplyCoupon();
  const form = useSchemaForm<ApplyCouponRequest, ApplyCouponRequest>({
    initial: { coupon_code: '' },
    fields: ['coupon_code'],
    loadSchema: () => Promise.resolve(applyCouponRequest),
  });

  const onSubmit = form.handleSubmit(async ({ coupon_code }) => {
    const outcome = await applying.mutateAsync(coupon_code);
    if (outcome.ok) {
      form.reset();
      return;
    }
    // spec 5: the server's field error goes under the field, else its message does; the toast
    // (spec 8) says the rest.
    return { fieldErrors: outcome.errors?.coupon_code ? outcome.errors : { coupon_code: [outcome.error] } };
  });

  const error = translateValidationMessage(form.errors.coupon_code, t);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-2">
      <Label htmlFor="coupon-code">{t('basket.coupon.label')}</Label>
      <div className="flex gap-2">
        <Input
          id="coupon-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('basket.coupon.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-code-error' : undefined}
          className="uppercase placeholder:normal-case"
          {...form.field('coupon_code')}
        />
        <PendingButton type="submit" variant="outline" pending={form.isSubmitting} pendingLabel={t('basket.coupon.applying')}>
          {t('basket.coupon.apply')}
        </PendingButton>
      </div>
      <FieldError id="coupon-code-error">{error}</FieldError>
    </form>
  );
}

function AppliedCoupon({ code, discount }: { code: string; discount: number }) {
  const { t } = useTranslation();
  const removing = useRemoveCoupon();

  return (
    <div className="grid gap-2">
      <p className="text-sm leading-none font-medium">{t('basket.coupon.applied')}</p>
      <div className="flex items-center gap-3 rounded-lg border border-dashed border-primary/40 bg-primary/5 px-3 py-2.5">
        <Tag aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-mono text-sm font-semibold tracking-wide uppercase">{code}</p>
          {discount > 0 && <p className="text-xs text-muted-foreground">{t('basket.coupon.saving', { amount: formatMoney(discount) })}</p>}
        </div>
        <PendingButton
          variant="ghost"
          size="sm"
          pending={removing.isPending}
          pendingLabel={t('basket.coupon.removing')}
          aria-label={removing.isPending ? undefined : t('basket.coupon.removeCode', { code })}
          onClick={() => void removing.mutateAsync()}
        >
          {t('basket.coupon.remove')}
        </PendingButton>
      </div>
    </div>
  );
}
