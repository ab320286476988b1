import type { ComponentProps, ReactNode } from 'react';
import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import { cn } from '@/lib/utils';

// A centred modal dialog on Radix Dialog (focus trap, Escape, aria-modal, title and description).

export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

export interface DialogContentProps extends ComponentProps<typeof Primitive.Content> {
  /** Accessible name of the corner close button; no button when omitted (the dialog must be answered). */
  closeLabel?: string;
}

export function DialogContent({ className, children, closeLabel, ...props }: DialogContentProps) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay data-slot="dialog-overlay" className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
      <Primitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-xl outline-none',
          className,
        )}
        {...props}
      >
        {children}
        {closeLabel && (
          <Primitive.Close
            className="absolute top-3 right-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
            aria-label={closeLabel}
          >
            <X aria-hidden="true" className="size-4" />
          </Primitive.Close>
        )}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function DialogHeader({ icon, title, description }: { icon?: ReactNode; title: ReactNode; description?: ReactNode }) {
  return (
    <div className="flex items-start gap-4 pr-6">
      {icon && <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">{icon}</span>}
      <div className="space-y-1.5">
        <Primitive.Title className="text-lg leading-tight font-semibold">{title}</Primitive.Title>
        {description ? (
          <Primitive.Description className="text-sm text-muted-foreground">{description}</Primitive.Description>
        ) : (
          <Primitive.Description className="sr-only">{title}</Primitive.Description>
        )}
      </div>
    </div>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
