import type { ReportDocument } from '@app/contract/reports';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export const summaryAnchor = 'report-summary';

/** 'You in five sentences' and the most distinctive results, as the report's first page. */
export function ReportSummary({ summary }: { summary: ReportDocument['summary'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`${summaryAnchor}-heading`} id={summaryAnchor} className="scroll-mt-20 space-y-5 break-inside-avoid">
      <h2 id={`${summaryAnchor}-heading`} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none sm:text-2xl">
        {t('reports.view.summaryHeading')}
      </h2>
      <ol className="grid max-w-prose gap-3">
        {summary.sentences.map((sentence, index) => (
          <li key={index} className="flex gap-3 leading-relaxed">
            <span aria-hidden="true" className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
              {index + 1}
            </span>
            <span>{sentence}</span>
          </li>
        ))}
      </ol>
      {summary.highlights.length > 0 && (
        <div className="space-y-3">
          <h3 className="flex items-center gap-2 font-semibold">
            <Sparkles aria-hidden="true" className="size-4 text-primary" />
            {t('reports.view.highlightsHeading')}
          </h3>
          <ul className="grid gap-3 md:grid-cols-3">
            {summary.highlights.map((highlight) => (
              <li key={highlight.label} className="rounded-xl border bg-card p-4 break-inside-avoid">
                <p className="font-semibold">{highlight.label}</p>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{highlight.text}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
