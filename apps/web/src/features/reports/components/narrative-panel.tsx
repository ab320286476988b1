import { reportMessages, type ReportView } from '@app/contract/reports';
import { RotateCw, Sparkles, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { useRetryNarrative } from '../api/retry-narrative';

export const narrativeAnchor = 'report-narrative';

type Narrative = NonNullable<ReportView['data']['narrative']>;

/**
 * The optional AI narrative: 'being written' while pending (the view is asked for again), its text
 * once written, or, when the AI endpoint failed, spec 8's message with a Retry (the rest of the
 * report never depends on it). The text is drawn as text, never as markup.
 */
export function NarrativePanel({ narrative, type, id }: { narrative: Narrative; type: string; id: string }) {
  const { t } = useTranslation();
  const retry = useRetryNarrative(type, id);

  if (narrative.status === 'unavailable') {
    return (
      <div role="alert" className="flex flex-col gap-3 rounded-xl border border-amber-600/30 bg-amber-500/10 p-4 text-sm sm:flex-row sm:items-center print:hidden">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-amber-700 dark:text-amber-300" />
        {/* Spec 8's wording, exactly. */}
        <p className="flex-1 font-medium text-amber-950 dark:text-amber-100">{reportMessages.aiUnavailable}</p>
        <PendingButton variant="outline" size="sm" pending={retry.isPending} pendingLabel={t('reports.view.narrative.retrying')} onClick={() => retry.mutate()}>
          <RotateCw aria-hidden="true" />
          {t('reports.view.narrative.retry')}
        </PendingButton>
        {retry.isError && <p className="basis-full text-destructive">{retry.error.message}</p>}
      </div>
    );
  }
  if (narrative.status === 'pending') {
    return (
      <NarrativeSection>
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('reports.view.narrative.writing')}
        </p>
      </NarrativeSection>
    );
  }
  if (!narrative.text) return null;
  return (
    <NarrativeSection>
      {narrative.text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph, index) => (
          <p key={index} className="max-w-prose leading-relaxed whitespace-pre-line">
            {paragraph.trim()}
          </p>
        ))}
    </NarrativeSection>
  );
}

function NarrativeSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`${narrativeAnchor}-heading`} id={narrativeAnchor} className="scroll-mt-20 space-y-3 rounded-xl border bg-card p-5 break-inside-avoid">
      <h2 id={`${narrativeAnchor}-heading`} tabIndex={-1} className="flex items-center gap-2 text-xl font-semibold tracking-tight outline-none">
        <Sparkles aria-hidden="true" className="size-5 text-primary" />
        {t('reports.view.narrative.heading')}
      </h2>
      {children}
    </section>
  );
}
