import { RadioGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { appearanceValues, parseAppearance } from '@/lib/appearance';
import { useAppearance } from '@/lib/use-appearance';
import { cn } from '@/lib/utils';
import { appearanceIcons } from './appearance-icons';

/** Light / Dark / System as a segmented control (a radio group: arrow keys move the choice). */
export function AppearanceTabs({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { appearance, updateAppearance } = useAppearance();

  return (
    <RadioGroup.Root
      value={appearance}
      onValueChange={(value) => {
        const parsed = parseAppearance(value);
        if (parsed !== null) updateAppearance(parsed);
      }}
      aria-label={t('appearance.label')}
      orientation="horizontal"
      className={cn('inline-flex w-full gap-1 rounded-lg bg-muted p-1 sm:w-auto', className)}
    >
      {appearanceValues.map((value) => {
        const Icon = appearanceIcons[value];
        return (
          <RadioGroup.Item
            key={value}
            value={value}
            className="flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-background/60 hover:text-foreground data-[state=checked]:bg-card data-[state=checked]:text-foreground data-[state=checked]:shadow-sm sm:flex-none"
          >
            <Icon aria-hidden="true" className="size-4" />
            <span>{t(`appearance.${value}`)}</span>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
