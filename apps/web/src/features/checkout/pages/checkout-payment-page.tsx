import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CheckoutPayment, PaymentConfig } from '@app/contract/checkout';
import type { PaymentMethod } from '@app/contract/payment-methods';
import type { BillingDetails } from '@app/contract/billing-details';
import type { Basket } from '@app/contract/basket';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { DrawnLater } from '@/components/drawn-later';
import { CheckboxField } from '@/components/checkbox-field';
import { validateCard, formatCardNumber } from '@/components/card-entry/card-format';
import { CardPaymentFields } from '@/components/card-entry/card-payment-fields';
import { LazyConfirmPaymentDialog } from '@/components/card-entry/lazy-confirm-payment-dialog';
import type { StripeCardHandle } from '@/components/card-entry/stripe-card-field';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { useBillingDetails } from '@/lib/billing-details';
import { isLoggedIn } from '@/lib/session-store';
import { formatMoney } from '@/lib/money';
import { usePaymentConfig } from '@/lib/payment-config';
import { usePaymentMethods } from '@/lib/payment-methods';
import { routePath } from '@/lib/route-paths';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { useSession } from '@/lib/use-session';
import { translateValidationMessage } from '@/lib/validation-message';
import { CheckoutBillingFields } from '../components/checkout-billing-fields';
import { DigitalContentConsentField } from '../components/digital-content-consent-field';
import { IdentityAlert } from '../components/identity-alert';
import { OrderSummary, type OrderSummaryLine } from '../components/order-summary';
import { billingDraft } from '../lib/billing-draft';
import type { CheckoutBasket } from '../lib/checkout-basket';
import {
  billingDraftOf,
  checkoutResolver,
  fieldOrder,
  formFieldOf,
  initialCheckoutValues,
  newCardChoice,
  type CheckoutFormContext,
  type CheckoutFormOutput,
  type CheckoutFormValues,
} from '../lib/checkout-form';
import { consentChoice } from '../lib/consent-choice';
import { countryName, countryOptions, isListedCountry } from '@/lib/countries';
import { usePreparedLater } from '@/lib/use-prepared-later';
import { useCheckoutPayment, type IdentityProblem } from '../lib/use-checkout-payment';
import { useVatNumberForPricing } from '../lib/use-vat-number-for-pricing';
import '@/components/card-entry/card-entry-texts';
import '../checkout-texts';

function summaryLines(basket: Basket): OrderSummaryLine[] {
  return basket.items.map((item) => ({
    id: item.product_id,
    title: item.product_title,
    quantity: item.quantity,
    unitPrice: item.unit_price,
    total: item.total_price,
    ownedReduction: item.owned_reduction,
  }));
}

function basketSummary(basket: Basket) {
  return {
    subtotal: basket.summary.subtotal,
    discount_amount: basket.summary.discount_amount,
    vat_amount: basket.summary.vat_amount,
    vat_percentage: basket.summary.vat_percentage,
    total: basket.summary.total,
    item_count: basket.items.reduce((count, item) => count + item.quantity, 0),
  };
}

function CenteredStatus({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex min-h-64 w-full max-w-6xl items-center justify-center">{children}</div>;
}

/**
 * checkout.payment: billing details, card, order summary and the Pay button (spec sections 2-4).
 * `source` is the basket feature's basket, which the app hands over (lib/checkout-basket.ts); it
 * is priced again as the page opens (issue 5), since the basket may have changed meanwhile.
 */
export function CheckoutPaymentPage({ basket: source }: { basket: CheckoutBasket }) {
  const { t } = useTranslation();
  const query = source.basket;
  const basket = query.data ?? null;
  const session = useSession();
  const navigateTo = useNavigateTo();
  const config = usePaymentConfig();
  const methods = usePaymentMethods();
  // Issue 16: the form opens with the saved billing details (a failure opens it without them).
  const billingDetails = useBillingDetails(session.user?.id ?? null);
  const leaving = useRef(false);
  // The country list (Intl's region names and collator, about 250 names sorted: several
  // milliseconds the first time) is built while the page's data load, not in the form's render.
  usePreparedLater(countryOptions);

  // spec 8: the session ended on this page (it expired and could not be renewed): the buyer must
  // identify again; the basket waits on the server and the login comes back here.
  if (!isLoggedIn(session)) {
    return (
      <CenteredStatus>
        <IdentityAlert reason="session" onRetry={() => void navigateTo('login', { query: { redirect: routePath('checkout.payment') } })} />
      </CenteredStatus>
    );
  }
  // A paid order empties the basket on the server; the page is on its way to the thank-you page then.
  if (query.data === null && !leaving.current) return <Navigate to={routePath('checkout.basket')} replace />;
  // A failed fetch keeps the basket known before; without one the page says so, with a retry.
  const basketFailed = query.isError && query.data === undefined;
  if (basketFailed || config.isError) {
    return (
      <CenteredStatus>
        <FormAlert className="max-w-md">
          <p>{basketFailed ? query.error.message || t('checkout.loadFailed') : t('checkout.payment.configFailed')}</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => {
              void query.refetch();
              void config.refetch();
            }}
          >
            {t('checkout.retry')}
          </Button>
        </FormAlert>
      </CenteredStatus>
    );
  }
  if (basket === null || !config.data || methods.isPending || billingDetails.isLoading) {
    return (
      <CenteredStatus>
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('checkout.loading')}
        </p>
      </CenteredStatus>
    );
  }
  return (
    <CheckoutForm
      basket={basket}
      source={source}
      config={config.data}
      savedMethods={methods.data ?? []}
      savedBilling={billingDetails.data ?? null}
      onPaid={() => (leaving.current = true)}
    />
  );
}

/**
 * Issue 16: the country the checkout opens with is the one the basket was priced for, so both
 * pages show one total: the buyer's choice on the basket page, else the saved billing country
 * (fresher than a basket priced before it was saved), else the basket's (birth country, browser).
 */
function openingCountry(basket: Basket, saved: BillingDetails | null): string {
  const { code, source } = basket.vat_country;
  const country = source !== 'requested' && saved !== null ? saved.country : code;
  return isListedCountry(country) ? country : '';
}

interface CheckoutFormProps {
  basket: Basket;
  source: CheckoutBasket;
  config: PaymentConfig;
  savedMethods: PaymentMethod[];
  savedBilling: BillingDetails | null;
  onPaid(): void;
}

function CheckoutForm({ basket, source, config, savedMethods, savedBilling, onPaid }: CheckoutFormProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigateTo = useNavigateTo();
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const [stripeError, setStripeError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const payment = useCheckoutPayment(config, { onPaid, onBasketChanged: source.refresh });

  const defaultMethod = savedMethods.find((method) => method.is_default) ?? null;
  const defaultValues = useMemo(
    () => ({
      ...initialCheckoutValues(user, {
        country: openingCountry(basket, savedBilling),
        saved: savedBilling,
        draft: billingDraft.of(user?.id),
        consentTicked: consentChoice.ticked(user?.id),
      }),
      payment_choice: defaultMethod?.id ?? newCardChoice,
    }),
    // The form opens once with what is known then; later changes of the account do not reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const context: CheckoutFormContext = { provider: config.provider };
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormValues, CheckoutFormContext, CheckoutFormOutput>({
    resolver: checkoutResolver,
    context,
    defaultValues,
    mode: 'onTouched',
  });
  const choice = useWatch({ control, name: 'payment_choice' });
  const cardNumber = useWatch({ control, name: 'card.number' });
  const country = useWatch({ control, name: 'country' });
  const vatNumberInput = useWatch({ control, name: 'vat_number' });

  // Issue 5: the server prices the order for the billing country, so the summary, the Pay amount
  // and the expected_total are that country's price. While another country's price loads, the
  // previous summary stays but Pay waits: a stale total would only be refused.
  const pricingCountry = isListedCountry(country) ? country : null;
  // A business buyer's VAT number, once complete: the summary shows the reverse charge before
  // payment when the server verifies it.
  const vatNumberPricing = useVatNumberForPricing(vatNumberInput, pricingCountry);
  const { setPricing, pricedFor, priced: pricing } = source;
  useEffect(() => setPricing({ country: pricingCountry, vatNumber: vatNumberPricing.vatNumber }), [setPricing, pricingCountry, vatNumberPricing.vatNumber]);
  // Until the effect above has run, `pricing` still answers for what the form held before.
  const askedNow = pricedFor.country === pricingCountry && pricedFor.vatNumber === vatNumberPricing.vatNumber;
  const pricedBasket = pricingCountry === null ? null : (pricing.data ?? null);
  const shown = pricedBasket ?? basket;
  // The country the shown answer was priced for: the one asked for, or, for a previous answer
  // kept while the new one loads, the one it names itself.
  const answerCountry = pricing.isPlaceholderData ? pricedBasket?.vat_country.code : pricedFor.country;
  const sameCountry = pricingCountry !== null && pricedBasket !== null && answerCountry === pricingCountry;
  // Only the VAT number changed (same country, previous answer shown): while it is checked, a
  // consumer's total may still be paid (the checkout accepts it and charges the reverse-charged
  // total if the number is verified); a reverse-charged total must wait for the new answer.
  const checkingVatNumber = sameCountry && (pricing.isPlaceholderData || !askedNow);
  const pricedForCountry = sameCountry && (checkingVatNumber ? pricedBasket.summary.reverse_charge !== true : !pricing.isFetching);
  const repricing = pricingCountry !== null && !pricedForCountry;
  const pricingFailed = repricing && askedNow && pricing.isError && !pricing.isFetching;
  const pricingCountryName = pricingCountry === null ? '' : countryName(pricingCountry);

  // Issue 16: leaving the checkout (Edit basket, the browser's back), the basket keeps the country
  // chosen here, so the basket page shows the same total as this page did.
  const leave = useRef({ country: pricingCountry, basketCountry: basket.vat_country.code, chooseCountry: source.chooseCountry });
  leave.current = { country: pricingCountry, basketCountry: basket.vat_country.code, chooseCountry: source.chooseCountry };
  useEffect(
    () => () => {
      const { country, basketCountry, chooseCountry } = leave.current;
      if (country !== null && country !== basketCountry) chooseCountry(country);
    },
    [],
  );
  const notices = [...new Set([...basket.notices, ...(pricedBasket?.notices ?? [])])];

  // The basket became empty meanwhile (its last product left the catalogue): every view of it
  // asks again, and the page sends the buyer back to the basket.
  const pricedEmpty = pricingCountry !== null && askedNow && pricing.data === null && !pricing.isPlaceholderData;
  const { refresh } = source;
  useEffect(() => {
    if (pricedEmpty) refresh();
  }, [pricedEmpty, refresh]);

  const onStripeReady = useCallback((handle: StripeCardHandle | null) => {
    stripeCard.current = handle;
  }, []);

  // Server field errors (422) go under their fields; the rest above the Pay button.
  // They are put once the payment has ended, as a locked (disabled) field cannot take the focus.
  const { problem } = payment;
  const fieldsLocked = payment.paying;
  useEffect(() => {
    if (problem?.kind !== 'fields' || fieldsLocked) return;
    let focused = false;
    const leftover: string[] = [];
    const byField = new Map<string, string>();
    for (const [serverField, messages] of Object.entries(problem.errors)) {
      const field = formFieldOf(serverField);
      const message = messages[0];
      if (!message) continue;
      if (field) byField.set(field, message);
      else leftover.push(message);
    }
    for (const field of fieldOrder) {
      const message = byField.get(field);
      if (!message) continue;
      setError(field, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
    if (leftover.length > 0 || !focused) setFormError(leftover[0] ?? problem.message);
  }, [problem, fieldsLocked, setError]);

  const retryIdentity = (reason: IdentityProblem) => {
    if (reason === 'email') {
      payment.setProblem(null);
      setFocus('email');
      return;
    }
    // The basket is kept on the server: after logging in the buyer comes back here.
    void navigateTo('login', { query: { redirect: routePath('checkout.payment') } });
  };

  const buildPayment = async (values: CheckoutFormValues): Promise<CheckoutPayment | null> => {
    if (values.payment_choice !== newCardChoice) return { method: 'saved', payment_method_id: values.payment_choice };
    if (config.provider === 'test') {
      const card = validateCard(values.card);
      return card.card ? { method: 'card', card: card.card, save_card: values.save_card } : null;
    }
    const handle = stripeCard.current;
    if (!handle) {
      setStripeError(t('cardEntry.failedToInitialize'));
      return null;
    }
    const created = await handle.createPaymentMethod();
    if (created.error !== null) {
      setStripeError(created.error);
      return null;
    }
    return { method: 'stripe', payment_method_id: created.id, save_card: values.save_card };
  };

  const onSubmit = handleSubmit(
    async ({ billing, values, digitalContentConsent: consent }) => {
      // Pay is disabled until then; this also stops a submit by the Enter key.
      if (!pricedForCountry || pricedBasket === null || answerCountry !== billing.country) return;
      setFormError(null);
      setStripeError(undefined);
      // Issue 16: a declined card's 'Try again' reopens the form with what was typed.
      billingDraft.remember(user?.id, billingDraftOf(values));
      await payment.pay({
        billing,
        payment: () => buildPayment(values),
        expectedTotal: pricedBasket.summary.total,
        digitalContentConsent: consent,
        rememberBillingDetails: values.remember_billing_details,
      });
    },
    (invalid) => {
      // spec 8: a payment without the buyer's e-mail is a missing identity, said beside the button.
      payment.setProblem(invalid.email?.type === 'validate' && getValues('email').trim() === '' ? { kind: 'identity', reason: 'email' } : null);
    },
  );

  const busy = isSubmitting || payment.paying;
  // The fields lock (fieldsLocked above) only while a payment is on its way, not while the form
  // checks itself: the check ends by focusing the first field in error.
  const message = payment.problem?.kind === 'message' ? payment.problem.message : formError;
  const cardError = (field: 'number' | 'expiry' | 'cvc') => translateValidationMessage(errors.card?.[field]?.message, t);

  return (
    <div className="mx-auto w-full max-w-6xl">
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('checkout.heading')}</h1>
        <p className="text-muted-foreground">{t('checkout.description')}</p>
      </div>

      {notices.length > 0 && (
        <div role="status" className="mb-6 rounded-md border border-amber-500/40 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-200">
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      )}

      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <aside className="lg:sticky lg:top-20 lg:order-2">
          <OrderSummary
            lines={summaryLines(shown)}
            summary={basketSummary(shown)}
            couponCode={shown.coupon?.code ?? shown.coupon_code}
            reverseCharge={shown.summary.reverse_charge === true}
            footer={
              <Link to={routePath('checkout.basket')} className={buttonClassName({ variant: 'link', className: 'mt-3 h-auto px-0' })}>
                {t('checkout.summary.editBasket')}
              </Link>
            }
          />
        </aside>

        <form
          onSubmit={onSubmit}
          // Leaving the VAT number field prices it at once, without waiting for the typing pause.
          onBlur={(event) => {
            if (event.target instanceof HTMLInputElement && event.target.name === 'vat_number') vatNumberPricing.commit();
          }}
          noValidate
          className="grid gap-6 lg:order-1"
          aria-busy={busy}
        >
          {/* The heading and the summary come in the render that brings the form, then the billing
              details, the card and the Pay button each a task later: short tasks instead of one
              long one on a phone (components/drawn-later.tsx). */}
          <DrawnLater>
            <section aria-labelledby="billing-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
              <h2 id="billing-heading" className="text-lg font-semibold">
                {t('checkout.billing.heading')}
              </h2>
              <p className="mb-5 text-sm text-muted-foreground">{t('checkout.billing.description')}</p>
              <CheckoutBillingFields register={register} errors={errors} disabled={fieldsLocked} />
              <div className="mt-5 grid gap-1 border-t pt-4">
                <CheckboxField id="checkout-remember-billing" label={t('checkout.billing.remember')} disabled={fieldsLocked} {...register('remember_billing_details')} />
                <p className="pl-7 text-xs text-muted-foreground">
                  {t('checkout.billing.rememberHint')}{' '}
                  <Link to={routePath('billing.edit')} className="font-medium text-primary underline-offset-4 hover:underline">
                    {t('checkout.billing.rememberSettings')}
                  </Link>
                </p>
              </div>
            </section>
          </DrawnLater>

          <DrawnLater after={2}>
            <section aria-labelledby="payment-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
              <h2 id="payment-heading" className="text-lg font-semibold">
                {t('checkout.payment.heading')}
              </h2>
              <p className="mb-5 text-sm text-muted-foreground">
                {savedMethods.length > 0 ? t('checkout.payment.description') : t('checkout.payment.descriptionNoSaved')}
              </p>
              <CardPaymentFields
                id="card"
                config={config}
                savedMethods={savedMethods}
                register={{ choice: () => register('payment_choice'), card: (field) => register(`card.${field}`) }}
                cardErrors={{ number: cardError('number'), expiry: cardError('expiry'), cvc: cardError('cvc') }}
                choice={choice}
                cardNumber={cardNumber}
                onPickTestCard={(number) => setValue('card.number', formatCardNumber(number), { shouldValidate: true })}
                onStripeReady={onStripeReady}
                stripeError={stripeError}
                newCardFooter={
                  <label className="flex cursor-pointer items-center gap-2 text-sm">
                    <input type="checkbox" className="size-4 cursor-pointer accent-primary" disabled={fieldsLocked} {...register('save_card')} />
                    {t('checkout.payment.saveCard')}
                  </label>
                }
                disabled={fieldsLocked}
              />
            </section>
          </DrawnLater>

          <DrawnLater after={3}>
            <div className="grid gap-3">
              <DigitalContentConsentField
                register={register}
                errors={errors}
                disabled={fieldsLocked}
                onTickedChange={(ticked) => consentChoice.remember(user?.id, ticked)}
              />
              {payment.problem?.kind === 'identity' && <IdentityAlert reason={payment.problem.reason} onRetry={retryIdentity} />}
              <FormAlert>{message}</FormAlert>
              {pricingFailed ? (
                <FormAlert>
                  <p>{t('checkout.pricing.failed', { country: pricingCountryName })}</p>
                  <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void pricing.refetch()}>
                    {t('checkout.retry')}
                  </Button>
                </FormAlert>
              ) : repricing ? (
                <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner />
                  {t('checkout.pricing.updating', { country: pricingCountryName })}
                </p>
              ) : (
                checkingVatNumber &&
                pricing.isFetching && (
                  <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                    <Spinner />
                    {t('checkout.pricing.checkingVatNumber')}
                  </p>
                )
              )}
              <PendingButton
                type="submit"
                size="lg"
                className="w-full"
                pending={busy}
                disabled={repricing}
                pendingLabel={payment.stripeActionRunning ? t('checkout.confirm.stripeInProgress') : t('checkout.payment.paying')}
              >
                {t('checkout.payment.pay', { amount: formatMoney(shown.summary.total) })}
              </PendingButton>
            </div>
          </DrawnLater>
        </form>
      </div>

      <LazyConfirmPaymentDialog total={payment.confirmation?.total ?? null} pending={payment.paying} onAnswer={(outcome) => void payment.confirm(outcome)} />
    </div>
  );
}
