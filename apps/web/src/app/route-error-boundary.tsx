import { useEffect } from 'react';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { reportError } from '@/lib/error-reporting';
import { DocumentHead } from './document-head';
import { NotFoundPage } from './not-found-page';

/** A route's code could not be fetched: usually a new release replaced the old files. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

export interface RouteErrorBoundaryProps {
  /** 'root' fills the page (nothing else could render); 'section' sits inside its layout. */
  variant?: 'root' | 'section';
}

/**
 * The errorElement of every route: what failed is replaced by a message and a retry, while the
 * layouts around it keep working.
 */
export function RouteErrorBoundary({ variant = 'section' }: RouteErrorBoundaryProps) {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) reportError(error);
  }, [error, notFound]);

  if (notFound) return <NotFoundPage />;

  const retry = () => {
    if (isChunkLoadError(error)) window.location.reload();
    // A navigation to the same place runs the loaders again and remounts the failed part.
    else void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true });
  };

  const content = (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <h1 className="text-xl font-semibold tracking-tight">{t('errorBoundary.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('errorBoundary.message')}</p>
      </div>
      <Button onClick={retry}>{t('errorBoundary.retry')}</Button>
    </div>
  );

  if (variant === 'section') return content;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background">
      <DocumentHead titleKey="errorBoundary.title" />
      {content}
    </main>
  );
}
