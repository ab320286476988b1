/**
 * A route pattern from the contract's path builder: `routePath(shopApiPaths.order, 'orderId')` is
 * '/api/orders/:orderId'. The builders encode their argument, so the ':' is put back here.
 */
export function routePath(build: (value: string) => string, param: string): string {
  return build(`:${param}`).replace(`%3A${param}`, `:${param}`);
}
