import type { Alias } from 'vite';

// The app is written against React's API and runs on Preact's compatibility layer (decisions.md,
// "Preact in the browser"): the same components, a tenth of the runtime on a phone's first load.
// The build and the component tests resolve React through these, so both run what ships.
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // React 17's stand-in for useSyncExternalStore, CommonJS that requires React past the aliases;
  // the compatibility layer has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];
