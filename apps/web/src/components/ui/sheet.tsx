import type { ComponentProps } from 'react';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { cn } from '@/lib/utils';

// A side drawer built on Radix Dialog (focus trap, Escape to close, aria-modal).

export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;

export interface SheetContentProps extends ComponentProps<typeof Dialog.Content> {
  side?: 'left' | 'right';
  /** Accessible name of the close button. */
  closeLabel: string;
}

export function SheetContent({ className, children, side = 'left', closeLabel, ...props }: SheetContentProps) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay data-slot="sheet-overlay" className="fixed inset-0 z-50 bg-black/50" />
      <Dialog.Content
        data-slot="sheet-content"
        className={cn(
          'fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col bg-sidebar text-sidebar-foreground shadow-xl outline-none',
          side === 'left' ? 'left-0 border-r' : 'right-0 border-l',
          className,
        )}
        {...props}
      >
        {children}
        <Dialog.Close
          className="absolute top-3 right-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground"
          aria-label={closeLabel}
        >
          <X aria-hidden="true" className="size-4" />
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof Dialog.Title>) {
  return <Dialog.Title data-slot="sheet-title" className={cn('text-base font-semibold', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof Dialog.Description>) {
  return <Dialog.Description data-slot="sheet-description" className={cn('sr-only', className)} {...props} />;
}
