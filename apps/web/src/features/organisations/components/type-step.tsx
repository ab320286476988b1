import type { OrganisationOffer } from '@app/contract/organisation-pricing';
import { get, useFormContext, useWatch, type FieldError as HookFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { translateValidationMessage } from '@/lib/validation-message';
import type { WizardValues } from '../lib/wizard-form';

/** Step 1: the four types as large radio cards (spec 6 in plain words), then the services on offer. */
export function TypeStep({ offer }: { offer: OrganisationOffer }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const chosenType = useWatch<WizardValues, 'type'>({ name: 'type' });
  const services = useWatch<WizardValues, 'services'>({ name: 'services' });
  const typeError = translateValidationMessage(errors.type?.message, t);
  const servicesError = translateValidationMessage((get(errors, 'services.root') as HookFieldError | undefined)?.message, t);

  return (
    <div className="grid gap-8">
      <fieldset aria-describedby={typeError ? 'organisation-type-error organisation-type-hint' : 'organisation-type-hint'} className="grid gap-3">
        <legend className="text-base font-semibold">{t('organisations.types.legend')}</legend>
        <p id="organisation-type-hint" className="-mt-1 text-sm text-muted-foreground">
          {t('organisations.types.hint')}
        </p>
        <FieldError id="organisation-type-error">{typeError}</FieldError>
        <div className="grid gap-3 sm:grid-cols-2">
          {offer.types.map(({ type, basis, monthly_price }) => {
            const id = `organisation-type-${type}`;
            return (
              <label
                key={type}
                htmlFor={id}
                className={cn(
                  'relative flex cursor-pointer gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary/60 has-focus-visible:ring-2 has-focus-visible:ring-ring',
                  chosenType === type && 'border-primary bg-primary/5 ring-1 ring-primary',
                  typeError && 'border-destructive/60',
                )}
              >
                <input
                  id={id}
                  type="radio"
                  value={type}
                  aria-labelledby={`${id}-title`}
                  aria-describedby={`${id}-description`}
                  aria-invalid={typeError ? true : undefined}
                  className="mt-1 size-4 shrink-0 cursor-pointer accent-primary"
                  {...register('type')}
                />
                <span className="grid gap-1.5">
                  <span id={`${id}-title`} className="font-semibold">
                    {t(`organisations.types.${type}.title`)}
                  </span>
                  <span id={`${id}-description`} className="grid gap-1 text-sm text-muted-foreground">
                    <span>{t(`organisations.types.${type}.who`)}</span>
                    <span>{t(`organisations.types.${type}.sees`)}</span>
                    <span className="font-medium text-foreground">{t(`organisations.types.charge.${basis}`, { price: formatMoney(monthly_price) })}</span>
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset aria-describedby={servicesError ? 'organisation-services-error organisation-services-hint' : 'organisation-services-hint'} className="grid gap-3">
        <legend className="text-base font-semibold">{t('organisations.services.legend')}</legend>
        <p id="organisation-services-hint" className="-mt-1 text-sm text-muted-foreground">
          {t('organisations.services.hint')}
        </p>
        <FieldError id="organisation-services-error">{servicesError}</FieldError>
        <ul className="grid gap-3">
          {offer.services.map((service, index) => (
            <ServiceRowField key={service.id} service={service} index={index} selected={services[index]?.selected === true} listError={index === 0 && servicesError !== undefined} />
          ))}
        </ul>
      </fieldset>
    </div>
  );
}

/** One service: its checkbox, and its quantity, prefilled with its minimum ('Minimal quantity is {value}' below it). */
function ServiceRowField({ service, index, selected, listError }: { service: OrganisationOffer['services'][number]; index: number; selected: boolean; listError: boolean }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const checkboxId = `service-${index}`;
  const quantityId = `service-${index}-quantity`;
  const error = translateValidationMessage(errors.services?.[index]?.quantity?.message, t);
  const hintId = `${quantityId}-hint`;
  const errorId = `${quantityId}-error`;

  return (
    <li className={cn('grid gap-3 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-[1fr_auto] sm:items-start', selected && 'border-primary/60')}>
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          aria-describedby={listError ? `organisation-services-error ${checkboxId}-summary` : `${checkboxId}-summary`}
          // 'Choose at least one service': the focus goes to the first service.
          data-list-error={listError ? true : undefined}
          className="mt-1 size-4 shrink-0 cursor-pointer rounded border-input accent-primary"
          {...register(`services.${index}.selected`)}
        />
        <div className="grid gap-1">
          <label htmlFor={checkboxId} className="cursor-pointer font-medium">
            {service.title}
          </label>
          <p id={`${checkboxId}-summary`} className="text-sm text-muted-foreground">
            {service.summary} <span className="font-medium whitespace-nowrap text-foreground">{t('organisations.services.unitPrice', { price: formatMoney(service.unit_price) })}</span>
          </p>
        </div>
      </div>
      <div className="grid gap-1.5 pl-7 sm:w-44 sm:pl-0">
        <label htmlFor={quantityId} className="text-sm font-medium">
          {t('organisations.services.quantity')}
        </label>
        <input
          id={quantityId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          // The visible label says 'Quantity'; the name says of which service.
          aria-label={t('organisations.services.quantityOf', { title: service.title })}
          disabled={!selected}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          className="flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base text-foreground tabular-nums shadow-xs transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm"
          {...register(`services.${index}.quantity`)}
        />
        {error ? (
          <FieldError id={errorId}>{error}</FieldError>
        ) : (
          <p id={hintId} className="text-xs text-muted-foreground">
            {t('organisations.services.minimum', { value: service.minimum_quantity })}
          </p>
        )}
      </div>
    </li>
  );
}
