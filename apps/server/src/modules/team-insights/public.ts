// What the rest of the server may use of team insights; everything else in this folder is the
// module's own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { capabilitiesOf, insightsAccess, type InsightsAccess, type InsightsCapabilities } from './insights-access.ts';
export { teamInsightsModule } from './team-insights-module.ts';
// The team report (reports module, issue 13) is drawn from the team overview as the viewer sees it.
export { teamOverview } from './team-overview-service.ts';
export type { TeamOverviewCache } from './team-overview-cache.ts';
