import type { ReportSection } from '@app/contract/reports';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { sectionAnchor } from '../lib/format';

export interface TocEntry {
  anchor: string;
  title: string;
  children: TocEntry[];
}

/** The contents of a document: its sections and their subsections, after the page's own first entries. */
export function tocEntries(sections: ReportSection[]): TocEntry[] {
  return sections.map((section) => ({
    anchor: sectionAnchor(section.id),
    title: section.title,
    children: section.subsections.map((subsection) => ({ anchor: sectionAnchor(subsection.id), title: subsection.title, children: [] })),
  }));
}

/** Scrolls to a section and moves the focus to its heading, keeping the router's history entry. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, anchor: string) {
  const target = document.getElementById(anchor);
  if (!target) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  target.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  const heading = document.getElementById(`${anchor}-heading`) ?? target;
  heading.focus({ preventScroll: true });
  // The address names the section (to share or bookmark) without a router navigation.
  window.history.replaceState(window.history.state, '', `#${anchor}`);
}

/** The table of contents: links to every section; sticky beside the report on wide screens. */
export function ReportToc({ entries, className }: { entries: TocEntry[]; className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="report-contents-heading" className={cn('text-sm', className)}>
      <h2 id="report-contents-heading" className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t('reports.view.contents')}
      </h2>
      <ol className="space-y-1">
        {entries.map((entry) => (
          <li key={entry.anchor}>
            <a href={`#${entry.anchor}`} onClick={(event) => jumpTo(event, entry.anchor)} className="block rounded-md px-2 py-1 font-medium hover:bg-accent hover:text-accent-foreground">
              {entry.title}
            </a>
            {entry.children.length > 0 && (
              <ol className="mt-0.5 mb-1 ml-2 space-y-0.5 border-l pl-2">
                {entry.children.map((child) => (
                  <li key={child.anchor}>
                    <a
                      href={`#${child.anchor}`}
                      onClick={(event) => jumpTo(event, child.anchor)}
                      className="block rounded-md px-2 py-0.5 text-muted-foreground hover:bg-accent hover:text-accent-foreground"
                    >
                      {child.title}
                    </a>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
