import { useState, type KeyboardEvent } from 'react';
import type { BasketItem } from '@app/contract/basket';
import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useUpdateQuantity } from '../api/update-quantity';

/**
 * The quantity of a line whose product allows more than one: minus, a number field and plus.
 * Below the product's minimum nothing is sent and the field says 'Minimal quantity is {value}'
 * (spec 5); a typed value is sent on Enter or when the field loses focus.
 */
export function QuantityField({ item }: { item: BasketItem }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const updating = useUpdateQuantity();
  const pending = updating.isPending;
  const minimum = item.minimum_quantity;
  const id = `quantity-${item.product_id}`;
  const errorId = `${id}-error`;

  const submit = async (quantity: number) => {
    if (!Number.isSafeInteger(quantity) || quantity < minimum) {
      setError(t('validation.minimalQuantity', { value: minimum }));
      return;
    }
    setError(null);
    if (quantity === item.quantity) {
      setDraft(null);
      return;
    }
    const outcome = await updating.mutateAsync({ productId: item.product_id, quantity });
    if (outcome.ok) setDraft(null);
    else setError(outcome.errors?.quantity?.[0] ?? null);
  };

  const submitDraft = () => {
    if (draft === null) return;
    void submit(draft.trim() === '' ? Number.NaN : Number(draft));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submitDraft();
    } else if (event.key === 'Escape') {
      setDraft(null);
      setError(null);
    }
  };

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="sr-only">
        {t('basket.item.quantityOf', { title: item.product_title })}
      </label>
      <div className="flex items-center gap-2">
        <div
          className={cn(
            'inline-flex h-9 items-center rounded-md border border-input bg-card shadow-xs',
            error && 'border-destructive',
          )}
        >
          <Button
            variant="ghost"
            size="icon-sm"
            className="rounded-r-none"
            aria-label={t('basket.item.decrease', { title: item.product_title })}
            disabled={pending || item.quantity <= minimum}
            onClick={() => void submit(item.quantity - 1)}
          >
            <Minus aria-hidden="true" />
          </Button>
          <input
            id={id}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={draft ?? String(item.quantity)}
            disabled={pending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            onBlur={submitDraft}
            onKeyDown={onKeyDown}
            className="h-full w-12 border-x border-input bg-transparent text-center text-sm font-medium tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
          />
          <Button
            variant="ghost"
            size="icon-sm"
            className="rounded-l-none"
            aria-label={t('basket.item.increase', { title: item.product_title })}
            disabled={pending}
            onClick={() => void submit(item.quantity + 1)}
          >
            <Plus aria-hidden="true" />
          </Button>
        </div>
        {pending && (
          <span role="status" className="flex items-center text-muted-foreground">
            <Spinner />
            <span className="sr-only">{t('basket.item.updating')}</span>
          </span>
        )}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
