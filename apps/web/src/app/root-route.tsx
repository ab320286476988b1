import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { loadWebFonts } from '@/lib/web-fonts';
import { DocumentHead } from './document-head';
import { NavigationProgress } from './navigation-progress';

/**
 * The root of every page: head tags, the loading bar, scroll restoration, then the layout. Once the
 * first page has been drawn, the web fonts load (lib/web-fonts.ts).
 */
export function RootRoute() {
  useEffect(loadWebFonts, []);
  return (
    <>
      <DocumentHead />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
