// What the rest of the server may use of organisations; everything else in this folder is the
// module's own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export {
  listPlans,
  listSalesFollowUps,
  listTypePrices,
  markFollowedUp,
  updatePlanDiscount,
  updateTypePrice,
  type PlanRecord,
  type SalesFollowUpRecord,
  type TypePriceRecord,
} from './admin-service.ts';
export { inviteListedPeople } from './invitations/invitation-service.ts';
export { requireManager, requireMembership, type Membership } from './membership.ts';
export { quoteOrganisation } from './pricing-service.ts';
export { sendInvitationOnBehalf, revokeInvitationOnBehalf } from './invitations/invitation-service.ts';
export { addListedPerson, findListedPerson, listListedPeople, removeListedPerson, requireNotJoined, updateListedPerson, type ListedPerson } from './listed-people-service.ts';
export { InvitationUnusableError, OrganisationRuleError } from './organisation-errors.ts';
export { closeOrganisation, isOtherMember, passOwnershipOnLeaving, soleOwnedOrganisations } from './owner-leaving.ts';
