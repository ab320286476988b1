import { useTranslation } from 'react-i18next';

/** The first stop of the keyboard: jumps past the header and navigation to `#main-content`. */
export function SkipToContentLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main-content"
      className="sr-only rounded-md bg-card px-3 py-2 text-sm font-medium shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      {t('app.skipToContent')}
    </a>
  );
}
