import type { ReportDocument } from '@app/contract/reports';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format';

/** The cover: the report's title, whom it is for, when it was made and from which answers, its edition. */
export function ReportCover({ document: doc, actions }: { document: ReportDocument; actions?: ReactNode }) {
  const { t } = useTranslation();
  const facts = [
    { label: t('reports.view.generated'), value: formatDate(doc.generated_at) },
    { label: t('reports.view.purchased'), value: formatDate(doc.purchased_at) },
    { label: t('reports.view.answers'), value: formatDate(doc.answers_date) },
    { label: t('reports.view.edition'), value: String(doc.edition) },
  ];
  return (
    <header aria-label={t('reports.view.coverLabel')} className="overflow-hidden rounded-2xl border bg-card shadow-sm break-inside-avoid">
      <div className="h-1.5 bg-gradient-to-r from-assessment via-assessment/60 to-assessment/20 print:hidden" />
      <div className="space-y-6 p-5 sm:p-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-2">
            <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{doc.title}</h1>
            <p className="text-muted-foreground">
              {t('reports.view.preparedFor')} <span className="font-medium break-words text-foreground">{doc.person_name}</span>
            </p>
          </div>
          {actions}
        </div>
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-muted-foreground">{fact.label}</dt>
              <dd className="mt-0.5 font-medium">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}
