// Applies the stored appearance before the first paint, so the page never flashes the wrong
// theme. Loaded as a synchronous external script: the Content-Security-Policy forbids inline
// scripts. Keep in step with src/lib/appearance.ts (same key, cookie name and values).
/* global window, document */
(function () {
  function valid(value) {
    return value === 'light' || value === 'dark' || value === 'system';
  }
  var appearance = null;
  try {
    appearance = window.localStorage.getItem('appearance');
  } catch {
    appearance = null;
  }
  if (!valid(appearance)) {
    var match = document.cookie.match(/(?:^|;\s*)appearance=([^;]*)/);
    appearance = match && valid(match[1]) ? match[1] : 'system';
  }
  var dark =
    appearance === 'dark' ||
    (appearance === 'system' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
