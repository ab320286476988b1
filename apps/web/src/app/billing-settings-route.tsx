import { useSearchParams } from 'react-router';
import { useRefreshBasket } from '@/features/basket/api/basket-query';
import { OrganisationBillingPage } from '@/features/organisation-billing/pages/organisation-billing-page';
import { ShopInvoicesSection } from '@/features/payments/components/shop-invoices-section';
import { BillingSettingsPage } from '@/features/settings/pages/billing-settings-page';
import { Spinner } from '@/components/ui/spinner';
import { parseOrganisationId, useActiveProfileState } from '@/lib/active-profile';

/**
 * billing.edit: Settings › Billing. An organisation's billing (issue 12) when the URL names one
 * (`?organisation={id}`, the dunning e-mails' link) or an organisation is the profile in use;
 * else the personal billing details, whose saving prices the basket again at once (issue 16: their
 * country prices it), with the shop's invoices. Chosen here: a feature never imports another.
 */
export function BillingSettingsRoute() {
  const refreshBasket = useRefreshBasket();
  const [searchParams] = useSearchParams();
  const { profile, pending } = useActiveProfileState();
  const organisationId = parseOrganisationId(searchParams.get('organisation')) ?? (profile.kind === 'organisation' ? profile.organisation.id : null);
  if (organisationId !== null) return <OrganisationBillingPage key={organisationId} organisationId={organisationId} />;
  if (pending) return <Spinner />;
  return <BillingSettingsPage onChanged={refreshBasket} invoices={<ShopInvoicesSection />} />;
}
