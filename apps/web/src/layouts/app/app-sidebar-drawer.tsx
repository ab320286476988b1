import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@app/contract/account';
import { AppSidebar } from '@/components/app-sidebar';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

export interface AppSidebarDrawerProps {
  user: Pick<Account, 'name' | 'email'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's menu button: focus goes back to it when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * The sidebar as a drawer below the md breakpoint (Radix Dialog: focus trap, Escape, aria-modal).
 * Its own chunk, loaded with the first tap on the menu button (app-sidebar-layout.tsx).
 */
export function AppSidebarDrawer({ user, open, onOpenChange, returnFocusTo }: AppSidebarDrawerProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        closeLabel={t('nav.closeMenu')}
        // Opened by a plain button, not Radix's trigger, so Radix does not know where to go back to.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <div className="flex h-14 shrink-0 items-center border-b border-sidebar-border px-4 pr-14">
          <SheetTitle>{t('nav.menu')}</SheetTitle>
          <SheetDescription>{t('nav.menuDescription')}</SheetDescription>
        </div>
        <AppSidebar user={user} onNavigate={() => onOpenChange(false)} className="min-h-0 flex-1" />
      </SheetContent>
    </Sheet>
  );
}
