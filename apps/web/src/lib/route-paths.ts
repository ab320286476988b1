// Every route's name and path as spec section 2 lists them, spelled once. The route table
// (src/app/routes.tsx) decides which of them exist yet; links and navigation go by name, so a
// path changes in one place. It lives in lib because components and features link by name and
// may not import src/app.

export const routePaths = {
  home: '/',
  login: '/login',
  logout: '/logout',
  'forgot-password': '/forgot-password',
  'reset-password': '/reset-password/:token',
  signup: '/signup',
  'signup-data': '/signup-data',
  'verify-email': '/verify-email',
  'verification.verify': '/verify-email/:id/:hash',
  checkout: '/checkout',
  'checkout.basket': '/checkout/basket',
  'checkout.payment': '/checkout/payment',
  'checkout.completed': '/checkout/completed',
  'checkout.failed': '/checkout/failed',
  dashboard: '/dashboard',
  organization: '/organization',
  'organization.create': '/organization/create',
  // Ours (issue 12): an organisation's members and invitations, and the link an invitation e-mail
  // carries (the server's invitation-service `invitationPath`).
  'organization.members': '/organization/:id/members',
  // Ours (issue 12): the Activate action after the wizard (the first period's payment).
  'organization.activate': '/organization/:id/activate',
  // Ours (issue 13): an organisation's team insights (the team overview, the group minimum, the
  // members who share their results) and one consenting member's results.
  'organization.insights': '/organization/:id/insights',
  'organization.member-results': '/organization/:id/insights/members/:userId',
  // Ours (issue 13): a business's shares with Human Capital Experts and its audit log; an expert's
  // clients, and one client's employees and contractors.
  'organization.sharing': '/organization/:id/sharing',
  'organization.clients': '/organization/:id/clients',
  'organization.client-people': '/organization/:id/clients/:clientId',
  // Ours (issue 13): an investor's portfolio, and the link its e-mail gives a company's
  // representative (the server's portfolio-service `portfolioInvitationPath`).
  'organization.portfolio': '/organization/:id/portfolio',
  'organization.investors': '/organization/:id/investors',
  'portfolio-invitation': '/portfolio-invitations/:token',
  // Ours (issue 13): an event organiser's sessions and links, and a session's shareable link (the
  // server's sessions-service `eventLinkPath`).
  'organization.attendees': '/organization/:id/attendees',
  'event-invitation': '/events/:token',
  invitation: '/invitations/:token',
  payments: '/payments',
  reports: '/reports',
  'report.view': '/report/:type/:id',
  '(settings)': '/settings',
  'profile.edit': '/settings/profile',
  'password.edit': '/settings/password',
  appearance: '/settings/appearance',
  // The spec shows a BillingSettings page without a path or name; both are ours.
  'billing.edit': '/settings/billing',
  // Ours (issue 13): the member's choice, per organisation, of what it sees of their results.
  'organisations.consent': '/settings/organisations',
  // The spec shows a ConfirmPassword page without a path or name; both are ours (it confirms
  // deleting the account, from Settings › Profile).
  'password.confirm': '/settings/confirm-password',
  // The spec shows privacy policy and terms of service pages without paths or names; both are ours.
  'privacy-policy': '/privacy-policy',
  'terms-of-service': '/terms-of-service',
} as const;

export type RouteName = keyof typeof routePaths;

/** The dashboard's section of reports on offer (`/dashboard#report-offers`), which the reports page's empty state links to. */
export const reportOffersAnchor = 'report-offers';

/** The `:param` names of a path pattern, as a union. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParamName<N extends RouteName> = ParamNames<(typeof routePaths)[N]>;
/** Routes whose path has no params: what a plain link or a breadcrumb can point at. */
export type ParamlessRouteName = { [N in RouteName]: [RouteParamName<N>] extends [never] ? N : never }[RouteName];
export type RouteParams<N extends RouteName> = Record<RouteParamName<N>, string | number>;
export type RouteQuery = Record<string, string | number | undefined>;

/** A route without params takes none; a route with params must get every one of them. */
export type RouteArgs<N extends RouteName> = [RouteParamName<N>] extends [never]
  ? [params?: Record<string, never>, query?: RouteQuery]
  : [params: RouteParams<N>, query?: RouteQuery];

export function isRouteName(value: string): value is RouteName {
  return Object.hasOwn(routePaths, value);
}

/** The URL of a named route: `routePath('report.view', { type: 'big5', id: 7 })`. */
export function routePath<N extends RouteName>(name: N, ...[params, query]: RouteArgs<N>): string {
  return fillPath(name, params, query);
}

/** routePath without the per-route typing, for helpers that have already checked their input. */
export function fillPath(name: RouteName, params?: Partial<Record<string, string | number>>, query?: RouteQuery): string {
  const path = routePaths[name].replace(/:([A-Za-z]+)/g, (_match, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`routePath(${name}): missing param "${key}"`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
