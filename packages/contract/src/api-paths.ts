// Every path the web calls, spelled once. Section 7 of the spec fixes the first group.
export const apiPaths = {
  csrfCookie: '/sanctum/csrf-cookie',
  login: '/api/login',
  loginGoogle: '/api/login/google',
  logout: '/api/logout',
  user: '/api/user',
  refreshToken: '/api/auth/refresh-token',
  authConfig: '/api/auth/config',
  health: '/health',
} as const;

/** Our own calls for accounts (issue 3); the spec leaves these "not shown". */
export const accountApiPaths = {
  register: '/api/register',
  forgotPassword: '/api/forgot-password',
  resetPassword: '/api/reset-password',
  verifyEmail: '/api/email/verify',
  resendVerification: '/api/email/verification-notification',
  birthDetails: '/api/user/birth-details',
  /** Issue 16: the account's billing details (GET, PUT, DELETE). */
  billingDetails: '/api/user/billing-details',
  profile: '/api/user/profile',
  password: '/api/user/password',
  deleteAccount: '/api/user',
  /** Issue 14: every personal datum of the caller as one JSON file (GET). */
  personalDataExport: '/api/user/export',
  /** Issue 14: the organisations the caller alone owns, which the deletion needs a choice for (GET). */
  ownedOrganisations: '/api/user/owned-organisations',
  acceptPolicies: '/api/policies/accept',
  locations: '/api/locations',
  devOutbox: '/api/dev/outbox',
} as const;

/** Questionnaire (spec section 7, without the /api prefix) and our results call (issue 4). */
export const assessmentApiPaths = {
  question: '/me/question',
  answer: (questionId: string) => `/me/question/${encodeURIComponent(questionId)}/answer`,
  results: '/api/assessments/results',
} as const;

/** Basket calls of spec section 7 and our shop calls (issue 5). */
export const shopApiPaths = {
  products: '/api/products',
  cart: '/api/cart',
  cartItems: '/api/cart/items',
  cartItem: (productId: string) => `/api/cart/items/${encodeURIComponent(productId)}`,
  cartCoupon: '/api/cart/coupon',
  checkout: '/api/checkout',
  orders: '/api/orders',
  order: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`,
  orderInvoice: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/invoice`,
  orderConfirm: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/confirm`,
  paymentMethods: '/api/payment-methods',
  paymentMethod: (id: string) => `/api/payment-methods/${encodeURIComponent(id)}`,
  paymentMethodDefault: (id: string) => `/api/payment-methods/${encodeURIComponent(id)}/default`,
  paymentSetup: '/api/payment-methods/setup',
  transactions: '/api/transactions',
  paymentConfig: '/api/payments/config',
  stripeWebhook: '/api/webhooks/stripe',
} as const;

/** Reports (issue 11): the caller's reports, one report's web view, its PDF and its actions. */
export const reportApiPaths = {
  list: '/api/reports',
  report: (type: string, id: string) => `/api/reports/${encodeURIComponent(type)}/${encodeURIComponent(id)}`,
  /** The PDF as an attachment; `edition` asks for an older edition than the current one. */
  pdf: (type: string, id: string, edition?: number) =>
    `/api/reports/${encodeURIComponent(type)}/${encodeURIComponent(id)}/pdf${edition === undefined ? '' : `?edition=${edition}`}`,
  /** A failed report goes back to pending. */
  retry: (type: string, id: string) => `/api/reports/${encodeURIComponent(type)}/${encodeURIComponent(id)}/retry`,
  /** A free new edition from the latest answers; the older edition stays downloadable. */
  update: (type: string, id: string) => `/api/reports/${encodeURIComponent(type)}/${encodeURIComponent(id)}/update`,
  /** Writes the optional AI narrative again after it failed. */
  narrative: (type: string, id: string) => `/api/reports/${encodeURIComponent(type)}/${encodeURIComponent(id)}/narrative`,
} as const;

/** Organisations (issue 12): the creation wizard's draft, creation, and the caller's organisations. */
export const organisationApiPaths = {
  list: '/api/organisations',
  draft: '/api/organisations/draft',
  offer: '/api/organisations/offer',
  quote: '/api/organisations/quote',
  organisation: (id: string) => `/api/organisations/${encodeURIComponent(id)}`,
  members: (id: string) => `/api/organisations/${encodeURIComponent(id)}/members`,
  membersProgress: (id: string) => `/api/organisations/${encodeURIComponent(id)}/members/progress`,
  member: (id: string, userId: string) => `/api/organisations/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`,
  ownershipTransfer: (id: string) => `/api/organisations/${encodeURIComponent(id)}/ownership-transfer`,
  ownershipTransferAccept: (id: string) => `/api/organisations/${encodeURIComponent(id)}/ownership-transfer/accept`,
  invitations: (id: string) => `/api/organisations/${encodeURIComponent(id)}/invitations`,
  invitation: (id: string, invitationId: string) => `/api/organisations/${encodeURIComponent(id)}/invitations/${encodeURIComponent(invitationId)}`,
  invitationResend: (id: string, invitationId: string) => `/api/organisations/${encodeURIComponent(id)}/invitations/${encodeURIComponent(invitationId)}/resend`,
  activate: (id: string) => `/api/organisations/${encodeURIComponent(id)}/activate`,
  activateConfirm: (id: string) => `/api/organisations/${encodeURIComponent(id)}/activate/confirm`,
  subscription: (id: string) => `/api/organisations/${encodeURIComponent(id)}/subscription`,
  subscriptionCancel: (id: string) => `/api/organisations/${encodeURIComponent(id)}/subscription/cancel`,
  subscriptionResume: (id: string) => `/api/organisations/${encodeURIComponent(id)}/subscription/resume`,
  subscriptionPay: (id: string) => `/api/organisations/${encodeURIComponent(id)}/subscription/pay`,
  subscriptionInvoices: (id: string) => `/api/organisations/${encodeURIComponent(id)}/subscription/invoices`,
  subscriptionInvoicePdf: (id: string, invoiceId: string) => `/api/organisations/${encodeURIComponent(id)}/subscription/invoices/${encodeURIComponent(invoiceId)}/pdf`,
  /** The Billing page's edits: the organisation's billing details, and the card renewals use. */
  billingDetails: (id: string) => `/api/organisations/${encodeURIComponent(id)}/billing-details`,
  subscriptionPaymentMethod: (id: string) => `/api/organisations/${encodeURIComponent(id)}/subscription/payment-method`,
  /** The invited person's side: what the link offers, and accepting it. */
  invitationByToken: (token: string) => `/api/invitations/${encodeURIComponent(token)}`,
  invitationAccept: (token: string) => `/api/invitations/${encodeURIComponent(token)}/accept`,
} as const;

/** Team insights (issue 13): consent, individual results for owners and admins, the team overview and its group minimum. */
export const teamInsightApiPaths = {
  /** The caller's consent in every organisation they belong to (GET). */
  consents: '/api/user/organisation-consents',
  /** The caller's own consent for one organisation (GET, PUT). */
  consent: (id: string) => `/api/organisations/${encodeURIComponent(id)}/consent`,
  sharedResults: (id: string) => `/api/organisations/${encodeURIComponent(id)}/shared-results`,
  memberResults: (id: string, userId: string) => `/api/organisations/${encodeURIComponent(id)}/shared-results/${encodeURIComponent(userId)}`,
  teamOverview: (id: string) => `/api/organisations/${encodeURIComponent(id)}/team-overview`,
  groupMinimum: (id: string) => `/api/organisations/${encodeURIComponent(id)}/group-minimum`,
} as const;

/** An investor's portfolio (issue 13): invitations to portfolio companies' representatives and the links they accept. */
export const portfolioApiPaths = {
  /** The investor's side (GET list, POST invite). */
  portfolio: (id: string) => `/api/organisations/${encodeURIComponent(id)}/portfolio`,
  /** DELETE: withdraws a pending invitation or ends an accepted link. */
  link: (id: string, linkId: string) => `/api/organisations/${encodeURIComponent(id)}/portfolio/${encodeURIComponent(linkId)}`,
  linkResend: (id: string, linkId: string) => `/api/organisations/${encodeURIComponent(id)}/portfolio/${encodeURIComponent(linkId)}/resend`,
  /** The company's side: the investors that read its team overview (GET), ending one (DELETE). */
  investors: (id: string) => `/api/organisations/${encodeURIComponent(id)}/investors`,
  investor: (id: string, linkId: string) => `/api/organisations/${encodeURIComponent(id)}/investors/${encodeURIComponent(linkId)}`,
  /** The representative's side of the e-mailed link. */
  invitation: (token: string) => `/api/portfolio-invitations/${encodeURIComponent(token)}`,
  invitationAccept: (token: string) => `/api/portfolio-invitations/${encodeURIComponent(token)}/accept`,
} as const;

/** An event organiser's attendees (issue 13): sessions, their shareable links and e-mailed invitations. */
export const eventApiPaths = {
  sessions: (id: string) => `/api/organisations/${encodeURIComponent(id)}/event-sessions`,
  linkRotate: (id: string, sessionId: string) => `/api/organisations/${encodeURIComponent(id)}/event-sessions/${encodeURIComponent(sessionId)}/link/rotate`,
  emailInvitations: (id: string, sessionId: string) => `/api/organisations/${encodeURIComponent(id)}/event-sessions/${encodeURIComponent(sessionId)}/email-invitations`,
  /** The attendee's side of the link. */
  invitation: (token: string) => `/api/event-invitations/${encodeURIComponent(token)}`,
  join: (token: string) => `/api/event-invitations/${encodeURIComponent(token)}/join`,
} as const;

/** An organisation's team report (issue 13): its editions, a new one, Try again, the PDF. */
export const teamReportApiPaths = {
  /** GET: whether a report can be made and the editions, newest first; POST: a new edition. */
  list: (id: string) => `/api/organisations/${encodeURIComponent(id)}/team-reports`,
  /** POST: 'Try again' for an edition whose generation failed. */
  retry: (id: string, reportId: string) => `/api/organisations/${encodeURIComponent(id)}/team-reports/${encodeURIComponent(reportId)}/retry`,
  /** GET: a ready edition's PDF. */
  pdf: (id: string, reportId: string) => `/api/organisations/${encodeURIComponent(id)}/team-reports/${encodeURIComponent(reportId)}/pdf`,
} as const;
