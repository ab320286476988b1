import type { Account } from '@app/contract/account';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { routePath } from '@/lib/route-paths';
import { cn } from '@/lib/utils';
import { assessmentsDone, signupProgress, type SignupStep } from '../lib/signup-progress';

/** Spec 2: the signup progress steps, each Completed, Current or Pending, with the percent complete. */
export function SignupProgressCard({ user, hasReadyReport }: { user: Account; hasReadyReport: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { steps, percent, complete } = signupProgress(user, { hasReadyReport });

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle id={headingId}>{t('dashboard.progress.heading')}</CardTitle>
          <CardDescription>
            {complete ? t('dashboard.progress.allDone') : assessmentsDone(user) ? t('dashboard.progress.resultsReady') : t('dashboard.progress.description')}
          </CardDescription>
        </div>
        <p className="text-sm font-semibold tabular-nums">{t('dashboard.progress.percent', { percent })}</p>
      </CardHeader>
      <CardContent className="space-y-6">
        <div
          role="progressbar"
          aria-label={t('dashboard.progress.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('dashboard.progress.percent', { percent })}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>

        <ol className="grid gap-3 sm:grid-cols-5 sm:gap-2">
          {steps.map((step, index) => (
            <StepItem key={step.id} step={step} number={index + 1} />
          ))}
        </ol>

        {steps.some((step) => step.id === 'birth' && step.state === 'current') && (
          <Link to={routePath('signup-data')} className={buttonClassName()}>
            {t('dashboard.birthAction')}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

function StepItem({ step, number }: { step: SignupStep; number: number }) {
  const { t } = useTranslation();
  const { state } = step;
  return (
    <li
      aria-current={state === 'current' ? 'step' : undefined}
      className={cn(
        'flex gap-3 rounded-lg border p-3 sm:flex-col sm:gap-2',
        state === 'current' ? 'border-primary bg-accent/60' : 'border-border',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
          state === 'completed' && 'bg-primary text-primary-foreground',
          state === 'current' && 'border-2 border-primary text-primary',
          state === 'pending' && 'border border-input text-muted-foreground',
        )}
      >
        {state === 'completed' ? <Check className="size-4" /> : number}
      </span>
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm leading-tight font-semibold">{t(`dashboard.steps.${step.id}.title`)}</p>
        <p
          className={cn(
            'text-xs font-medium',
            state === 'completed' && 'text-emerald-700 dark:text-emerald-400',
            state === 'current' && 'text-primary',
            state === 'pending' && 'text-muted-foreground',
          )}
        >
          {t(`dashboard.states.${state}`)}
        </p>
        <p className="text-xs text-muted-foreground">{t(`dashboard.steps.${step.id}.description`)}</p>
      </div>
    </li>
  );
}
