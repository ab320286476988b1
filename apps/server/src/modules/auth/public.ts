// What the rest of the server may use of auth; everything else in this folder is the module's
// own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { sessionMetaOf } from './request-meta.ts';
export { SessionCache } from './session-cache.ts';
export { sessionCachePlugin } from './session-cache-plugin.ts';
export { authenticateAccessToken, issueSession, revokeUserSessions, type SessionMeta, type TokenLifetimes } from './session-service.ts';
