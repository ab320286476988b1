import { wizardSteps, type WizardStep } from '@app/contract/organisations';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The three steps (spec 2 "Organisation creation"), the current one marked for assistive technology too. */
export function WizardStepIndicator({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  const current = wizardSteps.indexOf(step);
  return (
    <nav aria-label={t('organisations.steps.label')}>
      <ol className="grid grid-cols-3 gap-2 sm:gap-4">
        {wizardSteps.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'pending';
          return (
            <li
              key={name}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn(
                'flex min-w-0 flex-col gap-2 border-t-4 pt-2 text-sm sm:flex-row sm:items-center',
                state === 'pending' ? 'border-muted text-muted-foreground' : 'border-primary',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  state === 'done' && 'bg-primary text-primary-foreground',
                  state === 'current' && 'border-2 border-primary text-primary',
                  state === 'pending' && 'border border-muted-foreground/40',
                )}
              >
                {state === 'done' ? <Check className="size-3.5" /> : index + 1}
              </span>
              <span className={cn('min-w-0 leading-tight', state === 'current' && 'font-semibold')}>
                {t(`organisations.steps.${name}`)}
                {state === 'done' && <span className="sr-only"> ({t('organisations.steps.completed')})</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
