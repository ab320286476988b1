import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { Crumb, PageHandle } from '@/lib/page-handle';
import { routePaths, type ParamlessRouteName, type RouteName } from '@/lib/route-paths';
import type { RouteAccess } from './navigation-guard';

// The route table: every route this build delivers, by its spec section 2 name (the path comes
// from lib/route-paths.ts), with who may open it, the layout that frames it, and what the page
// declares for the head and the breadcrumbs. Later issues add their pages here. A page that shows
// more than one feature is composed in src/app (dashboard-route.tsx, checkout-payment-route.tsx,
// billing-settings-route.tsx): a feature never imports another.

/** 'session': the auth layout for a guest, the app's shell for a signed-in user (session-layout-route.tsx). */
export type LayoutName = 'auth' | 'app' | 'settings' | 'public' | 'session';

interface RouteBase extends PageHandle {
  name: RouteName;
  access: RouteAccess;
}

export interface PageRoute extends RouteBase {
  layout: LayoutName;
  /** Loaded on first visit (code splitting): the login page must not carry the whole app. */
  page: () => Promise<ComponentType>;
}

export interface RedirectRoute extends RouteBase {
  redirect: (session: { isLoggedIn: boolean }) => ParamlessRouteName;
}

export type AppRoute = PageRoute | RedirectRoute;

export function isPageRoute(route: AppRoute): route is PageRoute {
  return 'page' in route;
}

export function isRedirectRoute(route: AppRoute): route is RedirectRoute {
  return 'redirect' in route;
}

const settingsCrumb: Crumb = { titleKey: 'breadcrumbs.settings', to: 'profile.edit' };

export const appRoutes: readonly AppRoute[] = [
  // Spec: '/' goes to /dashboard when logged in, otherwise to /login.
  { name: 'home', access: 'guest', redirect: ({ isLoggedIn }) => (isLoggedIn ? 'dashboard' : 'login') },
  {
    name: 'login',
    access: 'guest',
    layout: 'auth',
    titleKey: 'pages.login.title',
    page: () => import('@/features/auth/pages/login-page').then((module) => module.LoginPage),
  },
  {
    name: 'logout',
    access: 'auth',
    layout: 'auth',
    titleKey: 'pages.logout.title',
    page: () => import('@/features/auth/pages/logout-page').then((module) => module.LogoutPage),
  },
  {
    name: 'signup',
    access: 'guest',
    layout: 'auth',
    titleKey: 'pages.signup.title',
    page: () => import('@/features/auth/pages/signup-page').then((module) => module.SignupPage),
  },
  {
    name: 'forgot-password',
    access: 'guest',
    layout: 'auth',
    titleKey: 'pages.forgotPassword.title',
    page: () => import('@/features/auth/pages/forgot-password-page').then((module) => module.ForgotPasswordPage),
  },
  {
    // Spec: optional `email` query value, prefilled.
    name: 'reset-password',
    access: 'guest',
    layout: 'auth',
    titleKey: 'pages.resetPassword.title',
    page: () => import('@/features/auth/pages/reset-password-page').then((module) => module.ResetPasswordPage),
  },
  {
    name: 'verify-email',
    access: 'auth',
    layout: 'auth',
    titleKey: 'pages.verifyEmail.title',
    page: () => import('@/features/auth/pages/verify-email-page').then((module) => module.VerifyEmailPage),
  },
  {
    // Spec: params passed through (with the link's `expires` and `signature` query).
    name: 'verification.verify',
    access: 'auth',
    layout: 'auth',
    titleKey: 'pages.verification.title',
    page: () => import('@/features/auth/pages/verify-email-link-page').then((module) => module.VerifyEmailLinkPage),
  },
  {
    name: 'privacy-policy',
    access: 'public',
    layout: 'public',
    titleKey: 'legal.privacy.title',
    page: () => import('@/features/legal/pages/privacy-policy-page').then((module) => module.PrivacyPolicyPage),
  },
  {
    name: 'terms-of-service',
    access: 'public',
    layout: 'public',
    titleKey: 'legal.terms.title',
    page: () => import('@/features/legal/pages/terms-of-service-page').then((module) => module.TermsOfServicePage),
  },
  {
    name: 'dashboard',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.dashboard.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.dashboard' }],
    page: () => import('./dashboard-route').then((module) => module.DashboardRoute),
  },
  {
    // RegisterFinish ('Complete Profile'): registration may be unfinished (spec 2: requires auth).
    // In the app shell rather than the auth card: the user is signed in, can log out from the
    // user menu, and comes back here from Settings › Profile to edit the birth details.
    name: 'signup-data',
    access: 'auth',
    layout: 'app',
    titleKey: 'pages.signupData.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.dashboard', to: 'dashboard' }, { titleKey: 'breadcrumbs.signupData' }],
    page: () => import('@/features/birth-details/pages/signup-data-page').then((module) => module.SignupDataPage),
  },
  // Spec: '/checkout' goes to /checkout/basket.
  { name: 'checkout', access: 'app', redirect: () => 'checkout.basket' },
  {
    name: 'checkout.basket',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.basket.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.basket' }],
    page: () => import('@/features/basket/pages/basket-page').then((module) => module.BasketPage),
  },
  {
    // Spec: breadcrumbs basket link, then checkout.
    name: 'checkout.payment',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.checkout.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.basket', to: 'checkout.basket' }, { titleKey: 'breadcrumbs.checkout' }],
    page: () => import('./checkout-payment-route').then((module) => module.CheckoutPaymentRoute),
  },
  {
    // OrderThankYou: the basket is empty by now, so the trail leads to the payments list.
    name: 'checkout.completed',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.orderCompleted.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.payments', to: 'payments' }, { titleKey: 'breadcrumbs.orderCompleted' }],
    page: () => import('@/features/checkout/pages/order-completed-page').then((module) => module.OrderCompletedPage),
  },
  {
    // OrderFailed: the basket is intact; the trail leads back to it and to the checkout.
    name: 'checkout.failed',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.orderFailed.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.basket', to: 'checkout.basket' },
      { titleKey: 'breadcrumbs.checkout', to: 'checkout.payment' },
      { titleKey: 'breadcrumbs.orderFailed' },
    ],
    page: () => import('@/features/checkout/pages/order-failed-page').then((module) => module.OrderFailedPage),
  },
  // Spec: '/organization' goes to /organization/create.
  { name: 'organization', access: 'app', redirect: () => 'organization.create' },
  {
    // Issue 12: the creation wizard (type and services, details, billing plan).
    name: 'organization.create',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.organizationCreate.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.dashboard', to: 'dashboard' }, { titleKey: 'breadcrumbs.organizationCreate' }],
    page: () => import('@/features/organisations/pages/create-organisation-page').then((module) => module.CreateOrganisationPage),
  },
  {
    // Issue 12: an organisation's members and pending invitations; the middle crumb is the
    // organisation's name, which the page sets once it has loaded.
    name: 'organization.members',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.organizationMembers.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.dashboard', to: 'dashboard' },
      { titleKey: 'breadcrumbs.organisation', valueName: 'organisationName' },
      { titleKey: 'breadcrumbs.organizationMembers' },
    ],
    page: () => import('@/features/organisation-members/pages/organisation-members-page').then((module) => module.OrganisationMembersPage),
  },
  {
    // Issue 12: the Activate action after the wizard: the first period's payment (or the contract).
    name: 'organization.activate',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.organizationActivate.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.dashboard', to: 'dashboard' },
      { titleKey: 'breadcrumbs.organisation', valueName: 'organisationName' },
      { titleKey: 'breadcrumbs.organizationActivate' },
    ],
    page: () => import('@/features/organisation-billing/pages/activate-organisation-page').then((module) => module.ActivateOrganisationPage),
  },
  {
    // Issue 13: the team overview for every member, the group minimum for owners and admins, and
    // for a business's owners and admins the members who share their results; the member's own
    // choice of what the organisation sees.
    name: 'organization.insights',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.teamInsights.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.dashboard', to: 'dashboard' },
      { titleKey: 'breadcrumbs.organisation', valueName: 'organisationName' },
      { titleKey: 'breadcrumbs.teamInsights' },
    ],
    page: () => import('@/features/team-insights/pages/team-insights-page').then((module) => module.TeamInsightsPage),
  },
  {
    // Issue 13: one consenting member's results for a business's owners and admins, drawn with
    // the personal dashboard's results summary (composed in app/member-results-route.tsx).
    name: 'organization.member-results',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.memberResults.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.dashboard', to: 'dashboard' },
      { titleKey: 'breadcrumbs.organisation', valueName: 'organisationName' },
      { titleKey: 'breadcrumbs.memberResults' },
    ],
    page: () => import('./member-results-route').then((module) => module.MemberResultsRoute),
  },
  {
    // Issue 13: a business's shares with Human Capital Experts (the owner offers, owners and
    // admins revoke) and the audit log of what experts did to its people.
    name: 'organization.sharing',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.organizationSharing.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.dashboard', to: 'dashboard' },
      { titleKey: 'breadcrumbs.organisation', valueName: 'organisationName' },
      { titleKey: 'breadcrumbs.organizationSharing' },
    ],
    page: () => import('@/features/organisation-sharing/pages/sharing-page').then((module) => module.SharingPage),
  },
  {
    // Issue 13: a Human Capital Expert's clients (accept, decline, end) with links to each one's people and team insights.
    name: 'organization.clients',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.organizationClients.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.dashboard', to: 'dashboard' },
      { titleKey: 'breadcrumbs.organisation', valueName: 'organisationName' },
      { titleKey: 'breadcrumbs.organizationClients' },
    ],
    page: () => import('@/features/organisation-sharing/pages/clients-page').then((module) => module.ClientsPage),
  },
  {
    // Issue 13: one client's employees and contractors, maintained by the expert within the share's scope.
    name: 'organization.client-people',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.organizationClientPeople.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.dashboard', to: 'dashboard' },
      { titleKey: 'breadcrumbs.organisation', valueName: 'organisationName' },
      { titleKey: 'breadcrumbs.organizationClient', valueName: 'clientName' },
    ],
    page: () => import('@/features/organisation-sharing/pages/client-people-page').then((module) => module.ClientPeoplePage),
  },
  {
    // Issue 13: an investor's portfolio companies (invite a representative, resend, withdraw, end a
    // link) with a link to each linked company's team overview, which the server gives read-only.
    name: 'organization.portfolio',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.organizationPortfolio.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.dashboard', to: 'dashboard' },
      { titleKey: 'breadcrumbs.organisation', valueName: 'organisationName' },
      { titleKey: 'breadcrumbs.organizationPortfolio' },
    ],
    page: () => import('@/features/portfolio/pages/portfolio-page').then((module) => module.PortfolioPage),
  },
  {
    // Issue 13: a portfolio company's side: the investors that read its team overview, and ending a link.
    name: 'organization.investors',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.organizationInvestors.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.dashboard', to: 'dashboard' },
      { titleKey: 'breadcrumbs.organisation', valueName: 'organisationName' },
      { titleKey: 'breadcrumbs.organizationInvestors' },
    ],
    page: () => import('@/features/portfolio/pages/investors-page').then((module) => module.InvestorsPage),
  },
  {
    // Issue 13: the link of an investor's e-mail: the representative links their company's organisation.
    name: 'portfolio-invitation',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.portfolioInvitation.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.dashboard', to: 'dashboard' }, { titleKey: 'breadcrumbs.portfolioInvitation' }],
    page: () => import('@/features/portfolio/pages/portfolio-invitation-page').then((module) => module.PortfolioInvitationPage),
  },
  {
    // Issue 13: an event organiser's sessions, their links (copy, replace), e-mailed invitations and counts, never who.
    name: 'organization.attendees',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.organizationAttendees.title',
    breadcrumbs: [
      { titleKey: 'breadcrumbs.dashboard', to: 'dashboard' },
      { titleKey: 'breadcrumbs.organisation', valueName: 'organisationName' },
      { titleKey: 'breadcrumbs.organizationAttendees' },
    ],
    page: () => import('@/features/event-attendees/pages/attendees-page').then((module) => module.AttendeesPage),
  },
  {
    // Issue 13: a session's shareable link; a logged-in visitor joins as an attendee.
    name: 'event-invitation',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.eventInvitation.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.dashboard', to: 'dashboard' }, { titleKey: 'breadcrumbs.eventInvitation' }],
    page: () => import('@/features/event-attendees/pages/event-join-page').then((module) => module.EventJoinPage),
  },
  {
    // Issue 12: the link of an invitation e-mail. Open to anyone: logged out, the page offers to
    // log in or sign up and come back (lib/return-path.ts), in the auth layout; signed in, also
    // with the registration unfinished (someone invited signs up first), it is an app page.
    name: 'invitation',
    access: 'public',
    layout: 'session',
    titleKey: 'pages.invitation.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.dashboard', to: 'dashboard' }, { titleKey: 'breadcrumbs.invitation' }],
    page: () => import('@/features/organisation-members/pages/invitation-page').then((module) => module.InvitationPage),
  },
  {
    name: 'payments',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.payments.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.payments' }],
    page: () => import('@/features/payments/pages/payments-page').then((module) => module.PaymentsPage),
  },
  {
    name: 'reports',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.reports.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.reports' }],
    page: () => import('@/features/reports/pages/reports-page').then((module) => module.ReportsPage),
  },
  {
    // ViewReport: the trail leads back to the list; the report's own title is on the page.
    name: 'report.view',
    access: 'app',
    layout: 'app',
    titleKey: 'pages.reportView.title',
    breadcrumbs: [{ titleKey: 'breadcrumbs.reports', to: 'reports' }, { titleKey: 'breadcrumbs.report' }],
    page: () => import('@/features/reports/pages/report-view-page').then((module) => module.ReportViewPage),
  },
  // Spec: '/settings' goes to /settings/profile.
  { name: '(settings)', access: 'app', redirect: () => 'profile.edit' },
  {
    name: 'profile.edit',
    access: 'app',
    layout: 'settings',
    titleKey: 'pages.profile.title',
    breadcrumbs: [settingsCrumb, { titleKey: 'breadcrumbs.profile' }],
    page: () => import('@/features/settings/pages/profile-page').then((module) => module.ProfilePage),
  },
  {
    name: 'password.edit',
    access: 'app',
    layout: 'settings',
    titleKey: 'pages.password.title',
    breadcrumbs: [settingsCrumb, { titleKey: 'breadcrumbs.password' }],
    page: () => import('@/features/settings/pages/password-page').then((module) => module.PasswordPage),
  },
  {
    // The spec's ConfirmPassword page: the password confirms deleting the account.
    name: 'password.confirm',
    access: 'app',
    layout: 'settings',
    titleKey: 'pages.confirmPassword.title',
    breadcrumbs: [settingsCrumb, { titleKey: 'breadcrumbs.profile', to: 'profile.edit' }, { titleKey: 'breadcrumbs.confirmPassword' }],
    page: () => import('@/features/settings/pages/confirm-password-page').then((module) => module.ConfirmPasswordPage),
  },
  {
    name: 'appearance',
    access: 'app',
    layout: 'settings',
    titleKey: 'pages.appearance.title',
    breadcrumbs: [settingsCrumb, { titleKey: 'breadcrumbs.appearance' }],
    page: () => import('@/features/settings/pages/appearance-page').then((module) => module.AppearancePage),
  },
  {
    // The spec's BillingSettings page (name and path ours): the personal billing details (issue 16).
    name: 'billing.edit',
    access: 'app',
    layout: 'settings',
    titleKey: 'pages.billing.title',
    breadcrumbs: [settingsCrumb, { titleKey: 'breadcrumbs.billing' }],
    page: () => import('./billing-settings-route').then((module) => module.BillingSettingsRoute),
  },
  {
    // Issue 13: per organisation the member belongs to, what it may see of their results.
    name: 'organisations.consent',
    access: 'app',
    layout: 'settings',
    titleKey: 'pages.organisationsConsent.title',
    breadcrumbs: [settingsCrumb, { titleKey: 'breadcrumbs.organisationsConsent' }],
    page: () => import('@/features/team-insights/pages/organisation-consents-page').then((module) => module.OrganisationConsentsPage),
  },
];

/** Any path no route matches: a real page that anyone may see. */
export const notFoundRoute = {
  name: 'NotFound',
  access: 'public',
  titleKey: 'notFound.title',
} as const satisfies PageHandle & { name: string; access: RouteAccess };

/** The route table's entry for a URL path, or undefined when the NotFound page answers it. */
export function findRoute(pathname: string): AppRoute | undefined {
  return appRoutes.find((route) => matchPath({ path: routePaths[route.name], end: true }, pathname) !== null);
}

/** Who may open a URL path: its route's rule, or 'public' for NotFound. */
export function accessForPath(pathname: string): RouteAccess {
  return findRoute(pathname)?.access ?? notFoundRoute.access;
}
