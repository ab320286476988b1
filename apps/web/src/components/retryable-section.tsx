import type { ReactNode } from 'react';
import { SectionErrorBoundary } from '@/components/section-error-boundary';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';

/** A part of a page whose failure says so with a retry; the rest of the page keeps working. */
export function RetryableSection({ message, retryLabel, children }: { message: string; retryLabel: string; children: ReactNode }) {
  return (
    <SectionErrorBoundary
      fallback={(retry) => (
        <FormAlert>
          <p>{message}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={retry}>
            {retryLabel}
          </Button>
        </FormAlert>
      )}
    >
      {children}
    </SectionErrorBoundary>
  );
}
