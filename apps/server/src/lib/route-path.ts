/**
 * A route pattern from the contract's path builder: `routePath(shopApiPaths.order, 'orderId')` is
 * '/api/orders/:orderId', `routePath(reportApiPaths.report, 'type', 'id')` '/api/reports/:type/:id'.
 * The builders encode their arguments, so the ':' is put back here.
 */
export function routePath<Params extends string[]>(build: (...values: Params) => string, ...params: Params): string {
  const path = build(...(params.map((param) => `:${param}`) as Params));
  return params.reduce((pattern, param) => pattern.replace(`%3A${param}`, `:${param}`), path);
}
