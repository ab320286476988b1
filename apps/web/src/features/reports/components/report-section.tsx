import type { ReportSection as ReportSectionData } from '@app/contract/reports';
import { useTranslation } from 'react-i18next';
import { SectionErrorBoundary } from '@/components/section-error-boundary';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { sectionAnchor } from '../lib/format';
import { ReportBlock } from './report-block';

/**
 * A titled part of the report with its blocks; sections nest one level (a trait and its facets).
 * Each section has its own error boundary: one that fails to draw leaves the rest readable.
 */
export function ReportSection({ section, depth = 0 }: { section: ReportSectionData; depth?: 0 | 1 }) {
  const { t } = useTranslation();
  const anchor = sectionAnchor(section.id);
  const Heading = depth === 0 ? 'h2' : 'h3';
  const blockHeadingLevel = depth === 0 ? 3 : 4;
  return (
    <section aria-labelledby={`${anchor}-heading`} id={anchor} className={cn('scroll-mt-20 space-y-5', depth === 0 ? 'pt-2' : 'border-l-2 border-border pl-4 sm:pl-5')}>
      <Heading
        id={`${anchor}-heading`}
        tabIndex={-1}
        className={cn('font-semibold tracking-tight outline-none break-after-avoid', depth === 0 ? 'text-xl text-assessment sm:text-2xl' : 'text-lg')}
      >
        {section.title}
      </Heading>
      <SectionErrorBoundary
        fallback={(retry) => (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
            {t('reports.blocks.sectionFailed')}
            <Button variant="outline" size="sm" onClick={retry}>
              {t('reports.blocks.retry')}
            </Button>
          </div>
        )}
      >
        {section.blocks.map((block, index) => (
          <ReportBlock key={index} block={block} headingLevel={blockHeadingLevel} />
        ))}
        {depth === 0 && section.subsections.map((subsection) => <ReportSection key={subsection.id} section={subsection} depth={1} />)}
      </SectionErrorBoundary>
    </section>
  );
}
