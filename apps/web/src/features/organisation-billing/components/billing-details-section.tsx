import type { Organisation } from '@app/contract/organisations';
import { useTranslation } from 'react-i18next';
import { countryName } from '@/lib/countries';
import { BillingCard } from './billing-card';

/** The organisation's billing details as its invoices print them (spec 3 "Billing details"). */
export function BillingDetailsSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const details = organisation.billing_details;
  const lines = [
    details.name,
    details.billing_email,
    details.address_line_1,
    details.address_line_2,
    [details.postal_code, details.city].filter(Boolean).join(' '),
    details.county,
    countryName(details.country),
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  return (
    <BillingCard id="billing-details-heading" title={t('organisationBilling.details.heading')} description={t('organisationBilling.details.description')}>
      <address className="text-sm not-italic">
        {lines.map((line, index) => (
          <span key={index} className="block break-words">
            {line}
          </span>
        ))}
      </address>
    </BillingCard>
  );
}
