// What the rest of the server may use of the portfolio; everything else in this folder is the
// module's own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { portfolioInvestorRole } from './portfolio-access.ts';
export { portfolioRoutes } from './routes.ts';
