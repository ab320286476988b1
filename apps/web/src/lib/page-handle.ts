import { useMatches } from 'react-router';
import { isRouteName, routePaths, type ParamlessRouteName } from './route-paths';

// Pages declare their title and breadcrumbs in the route's `handle`; layouts and the document
// head read them from here (STYLE.md: pages declare, the layout renders).

export interface Crumb {
  /** i18n key of the crumb's text. */
  titleKey: string;
  /** Where the crumb links; the last crumb never links. */
  to?: ParamlessRouteName;
  /**
   * The name of a value the page sets once it has loaded (lib/page-values.ts: an organisation's
   * name): the crumb shows it, and the titleKey's text until then.
   */
  valueName?: string;
}

export interface PageHandle {
  /** i18n key of the page title (document title and heading). */
  titleKey?: string;
  /** i18n key of the page's meta description; the product's description otherwise. */
  descriptionKey?: string;
  breadcrumbs?: Crumb[];
}

function isParamlessRouteName(value: string): value is ParamlessRouteName {
  return isRouteName(value) && !routePaths[value].includes(':');
}

function isCrumb(value: unknown): value is Crumb {
  if (typeof value !== 'object' || value === null || !('titleKey' in value) || typeof value.titleKey !== 'string') return false;
  if ('valueName' in value && value.valueName !== undefined && typeof value.valueName !== 'string') return false;
  return !('to' in value) || value.to === undefined || (typeof value.to === 'string' && isParamlessRouteName(value.to));
}

function isPageHandle(value: unknown): value is PageHandle {
  if (typeof value !== 'object' || value === null) return false;
  if ('titleKey' in value && value.titleKey !== undefined && typeof value.titleKey !== 'string') return false;
  if ('descriptionKey' in value && value.descriptionKey !== undefined && typeof value.descriptionKey !== 'string') return false;
  if ('breadcrumbs' in value && value.breadcrumbs !== undefined) {
    return Array.isArray(value.breadcrumbs) && value.breadcrumbs.every(isCrumb);
  }
  return true;
}

/** The current page's handle: each field from the deepest matched route that declares it. */
export function usePageHandle(): PageHandle {
  const matches = useMatches();
  const result: PageHandle = {};
  for (const match of matches) {
    if (!isPageHandle(match.handle)) continue;
    const { titleKey, descriptionKey, breadcrumbs } = match.handle;
    if (titleKey !== undefined) result.titleKey = titleKey;
    if (descriptionKey !== undefined) result.descriptionKey = descriptionKey;
    if (breadcrumbs !== undefined) result.breadcrumbs = breadcrumbs;
  }
  return result;
}
