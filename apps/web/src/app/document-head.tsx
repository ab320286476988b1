import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyDocumentHead, formatDocumentTitle } from '@/lib/document-head';
import { usePageHandle } from '@/lib/page-handle';

/**
 * Spec section 2: every page sets the title (default title + page title), the description and
 * the language. Renders nothing; the page's route handle says what to set.
 */
export function DocumentHead({ titleKey: titleKeyOverride }: { titleKey?: string }) {
  const { t, i18n } = useTranslation();
  const handle = usePageHandle();
  const titleKey = titleKeyOverride ?? handle.titleKey;
  const title = formatDocumentTitle(t('app.name'), titleKey ? t(titleKey) : null);
  const description = t(handle.descriptionKey ?? 'app.description');
  const lang = i18n.resolvedLanguage ?? i18n.language;

  useEffect(() => {
    applyDocumentHead({ title, description, lang });
  }, [title, description, lang]);

  return null;
}
