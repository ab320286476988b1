import { useCallback } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';
import { fillPath, type RouteName, type RouteParamName, type RouteParams, type RouteQuery } from './route-paths';

export type NavigateToOptions<N extends RouteName> = NavigateOptions & { query?: RouteQuery } & ([RouteParamName<N>] extends [never]
    ? { params?: undefined }
    : { params: RouteParams<N> });

type NavigateToArgs<N extends RouteName> = [RouteParamName<N>] extends [never]
  ? [options?: NavigateToOptions<N>]
  : [options: NavigateToOptions<N>];

/** Navigates by route name: `navigateTo('report.view', { params: { type, id } })`. */
export function useNavigateTo() {
  const navigate = useNavigate();
  return useCallback(
    <N extends RouteName>(name: N, ...[options]: NavigateToArgs<N>): Promise<void> | void => {
      const { params, query, ...navigateOptions } = options ?? {};
      return navigate(fillPath(name, params, query), navigateOptions);
    },
    [navigate],
  );
}
