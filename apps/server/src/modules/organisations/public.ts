// What the rest of the server may use of organisations; everything else in this folder is the
// module's own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { inviteListedPeople } from './invitations/invitation-service.ts';
export { requireManager, requireMembership, type Membership } from './membership.ts';
export { quoteOrganisation } from './pricing-service.ts';
