import type { OrganisationSummary } from '@app/contract/organisations';
import type { TFunction } from 'i18next';

/** "Owner", or "Owner · Awaiting activation" for an organisation that is not active. */
export function organisationLine(t: TFunction) {
  return (organisation: OrganisationSummary) => {
    const role = t(`profileSwitcher.roles.${organisation.role}`);
    return organisation.status === 'active' ? role : `${role} · ${t(`profileSwitcher.statuses.${organisation.status}`)}`;
  };
}
