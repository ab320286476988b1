import { useEffect, useState, type ComponentType } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { loadStripeClient } from './stripe-client';
import type { StripeCardFieldProps } from './stripe-card-field';
import './card-entry-texts';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; stripe: Stripe; Field: ComponentType<StripeCardFieldProps> }
  | { status: 'failed' };

export type LazyStripeCardFieldProps = Omit<StripeCardFieldProps, 'stripe'> & { publishableKey: string };

/**
 * Loads Stripe.js and the Elements card form on first use; says 'Failed to initialize card form'
 * (spec section 8) with a retry when either cannot be loaded.
 */
export function LazyStripeCardField({ publishableKey, onReady, ...props }: LazyStripeCardFieldProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    Promise.all([loadStripeClient(publishableKey), import('./stripe-card-field')])
      .then(([stripe, module]) => {
        if (live) setState({ status: 'ready', stripe, Field: module.StripeCardField });
      })
      .catch(() => {
        if (live) setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (state.status === 'failed') {
    return (
      <FormAlert>
        <p>{t('cardEntry.failedToInitialize')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => setAttempt((value) => value + 1)}>
          {t('cardEntry.retry')}
        </Button>
      </FormAlert>
    );
  }
  if (state.status === 'loading') {
    return (
      <p role="status" className="flex h-20 items-center justify-center gap-2 rounded-md border border-dashed text-sm text-muted-foreground">
        <Spinner />
        {t('cardEntry.loading')}
      </p>
    );
  }
  const { Field, stripe } = state;
  return <Field stripe={stripe} onReady={onReady} {...props} />;
}
