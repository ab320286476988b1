import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/**
 * A link to one of our pages in a new tab, for links inside forms and dialogs (the privacy
 * policy, the terms) so that reading them does not lose what was typed. Says so to screen readers.
 */
export function NewTabLink({ to, children, className }: { to: string; children?: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className={cn('inline-flex items-baseline gap-0.5 rounded-sm font-medium text-primary underline underline-offset-4 hover:decoration-2', className)}
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-3 shrink-0 self-center" />
      <span className="sr-only"> {t('auth.opensInNewTab')}</span>
    </Link>
  );
}
