import { organisationLimits } from '@app/contract/organisations';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { TextField } from '@/components/text-field';
import { translateValidationMessage } from '@/lib/validation-message';
import { listsOf, type DetailsValues, type WizardValues } from '../lib/wizard-form';
import { PeopleListFieldset } from './people-list-fieldset';
import { TextAreaField } from './text-area-field';

/** Step 2: the organisation's details (spec 3 "Organisation") and its lists for the chosen type. */
export function DetailsStep() {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const type = useWatch<WizardValues, 'type'>({ name: 'type' });
  const description = useWatch<WizardValues, 'details.business_description'>({ name: 'details.business_description' }) ?? '';
  const lists = listsOf(type);
  const error = (field: Exclude<keyof DetailsValues, 'users' | 'employees' | 'portfolio_companies'>) => translateValidationMessage(errors.details?.[field]?.message, t);
  const text = (key: string, values?: Record<string, unknown>) => t(`organisations.details.${key}`, values);
  const optional = (label: string) => `${label} (${t('organisations.create.optional')})`;
  const count = description.length;
  const max = organisationLimits.businessDescriptionMax;

  return (
    <div className="grid gap-8">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold">{text('legend')}</legend>
        <div className="sm:col-span-2">
          <TextField id="organisation-name" label={text('name')} autoComplete="organization" error={error('name')} {...register('details.name')} />
        </div>
        <div className="sm:col-span-2">
          <TextField id="organisation-address" label={text('address')} autoComplete="street-address" error={error('address')} {...register('details.address')} />
        </div>
        <TextField id="organisation-registration-number" label={text('registrationNumber')} autoComplete="off" error={error('registration_number')} {...register('details.registration_number')} />
        <TextField id="organisation-vat-code" label={text('vatCode')} autoComplete="off" error={error('vat_code')} {...register('details.vat_code')} />
        <div className="sm:col-span-2">
          <TextAreaField
            id="organisation-business-description"
            label={text('businessDescription')}
            rows={6}
            maxLength={max}
            describedBy="organisation-business-description-hint organisation-business-description-counter"
            error={error('business_description')}
            labelAside={
              <span
                id="organisation-business-description-counter"
                className={count < organisationLimits.businessDescriptionMin ? 'text-xs text-muted-foreground tabular-nums' : 'text-xs text-emerald-700 tabular-nums dark:text-emerald-400'}
              >
                <span aria-hidden="true">{text('counter', { count: count.toLocaleString('en'), max: max.toLocaleString('en') })}</span>
                <span className="sr-only">{text('counterLabel', { count: count.toLocaleString('en'), max: max.toLocaleString('en') })}</span>
              </span>
            }
            {...register('details.business_description')}
          >
            <p id="organisation-business-description-hint" className="text-xs text-muted-foreground">
              {text('businessDescriptionHint', { min: organisationLimits.businessDescriptionMin })}
            </p>
          </TextAreaField>
        </div>
        {lists.natureOfEvent && (
          <div className="sm:col-span-2">
            <TextAreaField
              id="organisation-nature-of-event"
              label={text('natureOfEvent')}
              rows={3}
              describedBy="organisation-nature-of-event-hint"
              error={error('nature_of_event')}
              {...register('details.nature_of_event')}
            >
              <p id="organisation-nature-of-event-hint" className="text-xs text-muted-foreground">
                {text('natureOfEventHint')}
              </p>
            </TextAreaField>
          </div>
        )}
      </fieldset>

      <fieldset aria-describedby="organisation-registrar-hint" className="grid gap-4 sm:grid-cols-3">
        <legend className="text-base font-semibold">{text('registrar')}</legend>
        <p id="organisation-registrar-hint" className="-mt-1 text-sm text-muted-foreground sm:col-span-3">
          {text('registrarHint')}
        </p>
        <TextField id="organisation-registrar-name" label={optional(text('registrarName'))} autoComplete="off" error={error('registrar_name')} {...register('details.registrar_name')} />
        <EmailField id="organisation-registrar-email" label={optional(text('registrarEmail'))} autoComplete="off" error={error('registrar_email')} {...register('details.registrar_email')} />
        <TextField id="organisation-registrar-phone" type="tel" label={optional(text('registrarPhone'))} autoComplete="off" error={error('registrar_phone')} {...register('details.registrar_phone')} />
      </fieldset>

      <PeopleListFieldset list="users" />
      {lists.employees && <PeopleListFieldset list="employees" />}
      {lists.portfolioCompanies && <PeopleListFieldset list="portfolio_companies" />}
    </div>
  );
}
