/**
 * The Content-Security-Policy of the SPA: everything from our own origin, no inline scripts (the
 * theme bootstrap is a file, apps/web/public/appearance-init.js). Inline styles are allowed because
 * Radix positions popovers with style attributes.
 */
export function contentSecurityPolicyDirectives(publicUrl: string, options: { googleSignIn?: boolean; stripe?: boolean } = {}): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  if (options.googleSignIn) {
    // Google Identity Services: its script, its button and chooser frames, their styles and calls.
    directives['script-src']!.push('https://accounts.google.com/gsi/client');
    directives['frame-src'] = ['https://accounts.google.com/gsi/'];
    directives['style-src']!.push('https://accounts.google.com/gsi/style');
    directives['connect-src']!.push('https://accounts.google.com/gsi/');
  }
  if (options.stripe) {
    // Stripe.js and its card and 3-D Secure frames (stripe.com/docs/security/guide#content-security-policy).
    directives['script-src']!.push('https://js.stripe.com');
    directives['frame-src'] = [...(directives['frame-src'] ?? []), 'https://js.stripe.com', 'https://hooks.stripe.com'];
    directives['connect-src']!.push('https://api.stripe.com');
  }
  // Only behind https: on plain http (localhost) it would rewrite our own asset URLs to https.
  if (publicUrl.startsWith('https://')) directives['upgrade-insecure-requests'] = [];
  return directives;
}
