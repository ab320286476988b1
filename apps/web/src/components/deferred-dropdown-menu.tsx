import { Suspense, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

// Issue 14 (web budgets): Radix's dropdown menu (with floating-ui, about 19 KB gzipped) is on every
// app page's sidebar, yet opened by few visits. The trigger is a plain button until the first press
// (pointer, or Enter, Space, ArrowDown, as Radix's own trigger), which loads the menu's chunk; the
// loaded menu renders the same button as Radix's trigger and opens at once.

/** What the trigger looks like, the same before and after the menu loads. */
export interface MenuTriggerProps {
  className: string;
  'aria-label'?: string;
  children: ReactNode;
}

export interface DeferredDropdownMenuProps {
  trigger: MenuTriggerProps;
  /** The loaded menu (a React.lazy component's element), open when it mounts, its trigger `trigger`. */
  children: ReactNode;
}

export function DeferredDropdownMenu({ trigger, children }: DeferredDropdownMenuProps) {
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={wanted}
      data-state="closed"
      {...trigger}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0 && !event.ctrlKey) setWanted(true);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
          event.preventDefault();
          setWanted(true);
        }
      }}
    />
  );
  if (!wanted) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
