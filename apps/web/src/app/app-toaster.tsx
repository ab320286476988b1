import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { toasterGate } from '@/lib/toast';
import { useAppearance } from '@/lib/use-appearance';

// Spec section 9: toasts bottom-right, 3 visible, 4000 ms, gap 14. Sonner 1.7's own defaults
// give the spec's width (356 px) and swipe threshold (20 px); sonner 2 raised the threshold to
// 45, so sonner stays on 1.7.
export const toasterSettings = {
  position: 'bottom-right',
  visibleToasts: 3,
  duration: 4000,
  gap: 14,
} as const;

/** Sonner's Toaster with the spec's settings, following the appearance. Loaded with the first toast. */
export function AppToaster() {
  const { t } = useTranslation();
  const { resolvedAppearance } = useAppearance();
  // Runs after the Toaster's own effect (children first), i.e. once sonner listens.
  useEffect(() => toasterGate.markMounted(), []);
  return <Toaster {...toasterSettings} theme={resolvedAppearance} containerAriaLabel={t('app.notifications')} />;
}
