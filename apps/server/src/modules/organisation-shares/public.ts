// What the rest of the server may use of organisation shares; everything else in this folder is the
// module's own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { activeExpertsOf, expertSharesOf } from './share-access.ts';
