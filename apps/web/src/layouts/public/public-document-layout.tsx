import type { ReactNode } from 'react';
import { GuestHeader } from '@/components/guest-header';
import { SkipToContentLink } from '@/components/skip-to-content-link';

/**
 * A readable column for long documents (privacy policy, terms) under the product's header, for
 * guests and signed-in users alike.
 */
export function PublicDocumentLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted dark:bg-background">
      <SkipToContentLink />
      <GuestHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 px-4 pt-2 pb-16 outline-none sm:px-6 sm:pt-4">
        <div className="mx-auto w-full max-w-3xl rounded-xl border bg-card px-5 py-8 text-card-foreground shadow-sm sm:px-10 sm:py-12">
          {children}
        </div>
      </main>
    </div>
  );
}
