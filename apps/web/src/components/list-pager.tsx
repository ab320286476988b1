import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * Under a paged list: which rows are shown ("11–20 of 42"), Previous and Next, and "Page 2 of 5"
 * read out when it changes. Nothing while everything fits on one page.
 */
export function ListPager({ label, page, perPage, total, onPage }: { label: string; page: number; perPage: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (total <= perPage) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">{t('pager.range', { from: (page - 1) * perPage + 1, to: Math.min(page * perPage, total), total })}</p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
          {t('pager.previous')}
        </Button>
        <span className="text-sm" aria-live="polite">
          {t('pager.pageOf', { page, pages })}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(Math.min(pages, page + 1))}>
          {t('pager.next')}
        </Button>
      </div>
    </nav>
  );
}
