// What the rest of the server may use of mail; everything else in this folder is the module's
// own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { mailModule } from './mail-module.ts';
export { sendMailJob, type Mailer } from './service.ts';
export { orderConfirmationMessage } from './templates/order-confirmation.tsx';
export { resetPasswordMessage } from './templates/reset-password.tsx';
export { verifyEmailMessage } from './templates/verify-email.tsx';
export { organisationInvitationMessage } from './templates/organisation-invitation.tsx';
export { subscriptionPaymentFailedMessage } from './templates/subscription-payment-failed.tsx';
export { subscriptionCardNeededMessage } from './templates/subscription-card-needed.tsx';
export { portfolioInvitationMessage } from './templates/portfolio-invitation.tsx';
export { eventInvitationMessage } from './templates/event-invitation.tsx';
export { shareOfferMessage } from './templates/share-offer.tsx';
