import type { ComponentProps } from 'react';

/** The product mark: a compass needle in a ring. Decorative; the product name is given as text. */
export function AppLogoIcon(props: ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props}>
      <circle cx="16" cy="16" r="10" fill="none" stroke="currentColor" strokeWidth="2.25" />
      <path d="M20.5 11.5 17.8 17.8 11.5 20.5 14.2 14.2Z" fill="currentColor" />
    </svg>
  );
}
