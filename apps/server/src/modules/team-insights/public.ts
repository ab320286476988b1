// What the rest of the server may use of team insights; everything else in this folder is the
// module's own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { capabilitiesOf, insightsAccess, type InsightsAccess, type InsightsCapabilities } from './insights-access.ts';
export { teamInsightsModule } from './team-insights-module.ts';
