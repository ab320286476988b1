import { groupMinimumLimits, teamInsightMessages } from '@app/contract/team-insights';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { useChangeGroupMinimum, useGroupMinimum } from '../api/group-minimum';
import { formatDateTime } from '../lib/format';
import { refusalMessage } from '../lib/refusal';

/**
 * The group minimum for owners and admins (issue 13): the one in force, a form to change it (never
 * below the type's floor; the server's message when it is), and the log of changes, who and when.
 */
export function GroupMinimumSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const minimum = useGroupMinimum(organisationId, true);

  return (
    <section aria-labelledby="group-minimum-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="group-minimum-heading" className="text-lg font-semibold">
        {t('teamInsights.minimum.heading')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('teamInsights.minimum.description')}</p>
      {minimum.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('app.loading')}
        </p>
      ) : minimum.isError ? (
        <FormAlert className="mt-4">
          <p>{minimum.error.message || t('teamInsights.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void minimum.refetch()}>
            {t('teamInsights.retry')}
          </Button>
        </FormAlert>
      ) : (
        <>
          <p className="mt-4 text-sm">
            {t('teamInsights.minimum.current', { count: minimum.data.minimum })}{' '}
            <span className="text-muted-foreground">{t('teamInsights.minimum.defaultAndFloor', { default: minimum.data.default, floor: minimum.data.floor })}</span>
          </p>
          <MinimumForm organisationId={organisationId} current={minimum.data.minimum} floor={minimum.data.floor} />
          <h3 className="mt-6 text-sm font-semibold">{t('teamInsights.minimum.log')}</h3>
          {minimum.data.changes.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{t('teamInsights.minimum.noChanges', { count: minimum.data.default })}</p>
          ) : (
            <ul aria-label={t('teamInsights.minimum.log')} className="mt-2 grid gap-1.5 text-sm">
              {minimum.data.changes.map((change) => (
                <li key={`${change.changed_at}-${change.minimum}`} className="flex flex-wrap gap-x-2">
                  <span className="font-medium">{t('teamInsights.minimum.changeTo', { count: change.minimum })}</span>
                  <span className="text-muted-foreground">
                    {t('teamInsights.minimum.changedBy', { name: change.changed_by?.name ?? t('teamInsights.minimum.deletedAccount'), date: formatDateTime(change.changed_at) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** A whole number from the floor up: checked here with the contract's messages, and again by the server. */
function MinimumForm({ organisationId, current, floor }: { organisationId: string; current: number; floor: number }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangeGroupMinimum(organisationId);
  const [value, setValue] = useState(String(current));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFormError(null);
    const minimum = Number(value.trim());
    const problem =
      value.trim() === '' || !Number.isInteger(minimum)
        ? t('teamInsights.minimum.wholeNumber')
        : minimum < floor
          ? teamInsightMessages.minimumTooLow.replace('{value}', String(floor))
          : minimum > groupMinimumLimits.max
            ? teamInsightMessages.minimumTooHigh.replace('{value}', String(groupMinimumLimits.max))
            : null;
    setFieldError(problem);
    if (problem) return;
    const result = await change.mutateAsync(minimum);
    if (result.data !== null) {
      setSaved(true);
      return;
    }
    const onField = result.errors?.minimum?.[0];
    if (onField) setFieldError(onField);
    else setFormError(refusalMessage(result));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('teamInsights.minimum.formLabel')} className="mt-4 grid gap-3">
      <FormAlert>{formError}</FormAlert>
      {saved && <FormAlert tone="success">{teamInsightMessages.minimumSaved}</FormAlert>}
      <div className="flex flex-wrap items-start gap-3">
        <div className="grid max-w-xs gap-2">
          <Label htmlFor={`${id}-minimum`}>{t('teamInsights.minimum.label')}</Label>
          <div className="w-32">
            <Input
              id={`${id}-minimum`}
              type="number"
              inputMode="numeric"
              min={floor}
              max={groupMinimumLimits.max}
              step={1}
              value={value}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
          <FieldError id={`${id}-error`}>{fieldError}</FieldError>
        </div>
        <PendingButton type="submit" className="sm:mt-[1.375rem]" pending={change.isPending} pendingLabel={t('teamInsights.minimum.saving')}>
          {t('teamInsights.minimum.save')}
        </PendingButton>
      </div>
    </form>
  );
}
