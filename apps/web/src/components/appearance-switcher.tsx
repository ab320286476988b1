import { useTranslation } from 'react-i18next';
import { appearanceValues } from '@/lib/appearance';
import { useAppearance } from '@/lib/use-appearance';
import { cn } from '@/lib/utils';
import { appearanceIcons } from './appearance-icons';

/**
 * A compact appearance switcher (three icon buttons) for the guest pages. Plain buttons rather
 * than a Radix menu: it sits on the login page, whose JavaScript budget is 150 KB.
 */
export function AppearanceSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { appearance, updateAppearance } = useAppearance();

  return (
    <div role="group" aria-label={t('appearance.label')} className={cn('inline-flex gap-0.5 rounded-lg border bg-card p-0.5 shadow-xs', className)}>
      {appearanceValues.map((value) => {
        const Icon = appearanceIcons[value];
        const label = t(`appearance.${value}`);
        return (
          <button
            key={value}
            type="button"
            aria-pressed={appearance === value}
            aria-label={label}
            title={label}
            onClick={() => updateAppearance(value)}
            className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground aria-pressed:bg-secondary aria-pressed:text-foreground"
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        );
      })}
    </div>
  );
}
