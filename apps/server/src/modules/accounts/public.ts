// What the rest of the server may use of accounts; everything else in this folder is the module's
// own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { accountOf, accountUserColumns, isEmailTaken, loadAccount, type AccountUser, type UserRow } from './account-view.ts';
export { createAccountEvents, type AccountRegisteredEvent } from './account-events.ts';
export { currentPolicyVersions } from './policy-versions.ts';
