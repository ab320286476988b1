import { useState } from 'react';
import type { Organisation } from '@app/contract/organisations';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { countryName } from '@/lib/countries';
import { BillingCard } from './billing-card';
import { BillingDetailsForm } from './billing-details-form';

/**
 * The organisation's billing details as its invoices print them (spec 3 "Billing details"), and
 * their editing. A past-due organisation is read-only until paid: they are shown, not edited.
 */
export function BillingDetailsSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const details = organisation.billing_details;
  const readOnly = organisation.status === 'past_due';
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
    <BillingCard
      id="billing-details-heading"
      title={t('organisationBilling.details.heading')}
      description={t(editing ? 'organisationBilling.details.editDescription' : 'organisationBilling.details.description')}
      action={
        !editing &&
        !readOnly && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            {t('organisationBilling.details.edit')}
          </Button>
        )
      }
    >
      {editing && !readOnly ? (
        <BillingDetailsForm organisation={organisation} onDone={() => setEditing(false)} />
      ) : (
        <address className="text-sm not-italic">
          {lines.map((line, index) => (
            <span key={index} className="block break-words">
              {line}
            </span>
          ))}
        </address>
      )}
    </BillingCard>
  );
}
